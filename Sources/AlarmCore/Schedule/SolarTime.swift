#if canImport(Glibc)
import Glibc
#endif

/// When the sun rises and sets, and civil dawn and dusk, computed offline with NOAA's solar
/// equations (the ones the astral and suncalc libraries use): the sun's declination and the
/// equation of time for the Julian century of the event, iterated once at the event itself.
/// Pure: a date and a place in, an instant (epoch seconds) out; nil on a day the sun never
/// crosses that height there (polar day or night).
public enum SolarTime {
    public enum Event: String, CaseIterable, Sendable {
        case sunrise, sunset, dawn, dusk

        /// The sun's zenith angle at the event: the upper limb at the horizon with refraction
        /// (90.833°), or 6° below it for civil dawn and dusk.
        var zenith: Double { self == .sunrise || self == .sunset ? 90.833 : 96 }
        var isMorning: Bool { self == .sunrise || self == .dawn }

        /// The event in the reader's language (`Sonnenaufgang`, `일출`); `rawValue` is the file's word.
        public var words: String {
            switch self {
            case .sunrise: return trc("sun", "sunrise")
            case .sunset: return trc("sun", "sunset")
            case .dawn: return trc("sun", "dawn")
            case .dusk: return trc("sun", "dusk")
            }
        }
    }

    public static func instant(of event: Event, on date: CalendarDate, latitude: Double, longitude: Double) -> Int? {
        // Midnight UTC of the date, as a Julian day; the first guess is local solar noon.
        let midnight = Double(date.dayNumber) * 86_400
        var minutes = 720 - 4 * longitude
        for _ in 0..<2 {
            guard let found = minutesUTC(of: event, julianCentury: century(at: midnight + minutes * 60), latitude: latitude, longitude: longitude) else {
                return nil
            }
            minutes = found
        }
        return Int((midnight + minutes * 60).rounded())
    }

    /// Minutes after midnight UTC of the date whose century is `t`.
    private static func minutesUTC(of event: Event, julianCentury t: Double, latitude: Double, longitude: Double) -> Double? {
        let meanLongitude = (280.46646 + t * (36000.76983 + t * 0.0003032)).truncatingRemainder(dividingBy: 360)
        let meanAnomaly = 357.52911 + t * (35999.05029 - 0.0001537 * t)
        let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let centre = sin(radians(meanAnomaly)) * (1.914602 - t * (0.004817 + 0.000014 * t))
            + sin(radians(2 * meanAnomaly)) * (0.019993 - 0.000101 * t) + sin(radians(3 * meanAnomaly)) * 0.000289
        let omega = 125.04 - 1934.136 * t
        let apparentLongitude = meanLongitude + centre - 0.00569 - 0.00478 * sin(radians(omega))
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        let obliquity = meanObliquity + 0.00256 * cos(radians(omega))
        let declination = asin(sin(radians(obliquity)) * sin(radians(apparentLongitude)))
        let y = pow(tan(radians(obliquity / 2)), 2)
        let l0 = radians(meanLongitude), m = radians(meanAnomaly)
        let equationOfTime = 4 * degrees(y * sin(2 * l0) - 2 * eccentricity * sin(m) + 4 * eccentricity * y * sin(m) * cos(2 * l0)
            - 0.5 * y * y * sin(4 * l0) - 1.25 * eccentricity * eccentricity * sin(2 * m))
        let phi = radians(latitude)
        let cosine = cos(radians(event.zenith)) / (cos(phi) * cos(declination)) - tan(phi) * tan(declination)
        guard (-1...1).contains(cosine) else { return nil }
        let hourAngle = degrees(acos(cosine))
        let noon = 720 - 4 * longitude - equationOfTime
        return event.isMorning ? noon - 4 * hourAngle : noon + 4 * hourAngle
    }

    private static func century(at seconds: Double) -> Double { (seconds / 86_400 + 2_440_587.5 - 2_451_545) / 36_525 }
    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    private static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
