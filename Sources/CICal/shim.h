#include <libical/ical.h>
#include "../CLinuxShims/optional_library.h"

// What ICalendarParser calls, loaded from libical when an alarms file names skipDays.
#define ALARMPLAY_ICAL_FUNCTIONS(X)                                                                   \
    X(icalerror_set_errors_are_fatal) X(icalparser_parse_string) X(icalcomponent_free)                \
    X(icalcomponent_isa) X(icalcomponent_count_errors) X(icalcomponent_get_first_component)           \
    X(icalcomponent_get_next_component) X(icalcomponent_get_first_property)                           \
    X(icalcomponent_get_next_property) X(icalcomponent_get_dtstart) X(icalcomponent_get_dtend)       \
    X(icalcomponent_get_summary) X(icalcomponent_get_status) X(icalcomponent_get_uid)               \
    X(icalcomponent_get_recurrenceid) X(icalproperty_get_rrule) X(icalproperty_get_rdate)            \
    X(icalproperty_get_exdate) X(icalproperty_get_xlicerror) X(icalproperty_get_first_parameter)    \
    X(icalparameter_get_tzid) X(icalproperty_new_from_string) X(icalproperty_free)                  \
    X(icalrecur_iterator_new) X(icalrecur_iterator_next) X(icalrecur_iterator_free)                 \
    X(icaltime_is_null_time) X(icaltime_as_timet_with_zone) X(icaltimezone_get_utc_timezone)         \
    X(icaltimezone_get_builtin_timezone) X(icalcomponent_get_timezone) X(icalproperty_string_to_kind)
ALARMPLAY_OPTIONAL_LIBRARY(alarmplay_ical, ALARMPLAY_ICAL_FUNCTIONS)
