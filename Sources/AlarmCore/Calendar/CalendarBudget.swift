/// What reading one calendar may cost, whatever the file holds: 400 events each repeating every
/// minute (a 47 KB file) expanded to 20 million occurrences, 5.7 MB and 0.12 s of CPU per event,
/// and `run` died of it on a Pi. One budget for the file as a whole: libical's recurrence steps
/// (its CPU, shared fairly among the rules), the days its occurrences cover (its memory and the
/// work of the days skipped: at most one occurrence per event and local day is kept, all a skip
/// day or a day's first appointment needs) and CPU time as a backstop. A calendar over budget is cut short, not refused: what was read counts, and
/// `cutShort` says so. Pure: the reader reports what it spent.
public struct CalendarBudget: Sendable, Equatable {
    /// Which limit a calendar reached.
    public enum Limit: Sendable, Equatable {
        case steps, days, time
    }

    /// Recurrence steps for the whole file: a quarter of a second of CPU here, about a second on a Pi.
    public var steps: Int
    /// One rule's most: a daily event from a century ago reaches the years read.
    public var stepsPerRule: Int
    /// Days covered by the occurrences kept, each counted by the days it covers: a few megabytes.
    public var days: Int
    /// CPU time for the whole read, for a rule whose every step is slow.
    public var cpuNanoseconds: Int64

    public static let standard = CalendarBudget(steps: 100_000, stepsPerRule: 50_000, days: 50_000, cpuNanoseconds: 3_000_000_000)

    public private(set) var stepsTaken = 0
    public private(set) var daysKept = 0
    /// The first limit reached; nil while within the budget.
    public private(set) var exceeded: Limit?

    public init(steps: Int, stepsPerRule: Int, days: Int, cpuNanoseconds: Int64) {
        self.steps = steps
        self.stepsPerRule = stepsPerRule
        self.days = days
        self.cpuNanoseconds = cpuNanoseconds
    }

    /// The steps the next rule may take, `rulesLeft` rules (it included) still to expand: an equal
    /// share of what is left, so one rule that repeats every second cannot starve the others,
    /// and what a rule leaves unused goes to those after it.
    public func share(rulesLeft: Int) -> Int {
        min(stepsPerRule, max(0, steps - stepsTaken) / max(1, rulesLeft))
    }

    mutating public func took(steps: Int) {
        stepsTaken += steps
    }

    /// Whether one more occurrence, covering `covered` days, may be kept; counts it when it may.
    mutating public func keep(covering covered: Int) -> Bool {
        guard daysKept + covered <= days else {
            cut(.days)
            return false
        }
        daysKept += covered
        return true
    }

    /// Whether `spent` CPU nanoseconds are within the budget; cuts the calendar short when not.
    mutating public func allows(cpu spent: Int64) -> Bool {
        guard spent <= cpuNanoseconds else {
            cut(.time)
            return false
        }
        return true
    }

    mutating public func cut(_ limit: Limit) {
        if exceeded == nil { exceeded = limit }
    }

    /// Why the calendar was cut short, in its user's words; nil within the budget. Never its contents.
    public var cutShort: String? {
        switch exceeded {
        case nil: return nil
        case .steps:
            return tr("its events repeat more often than alarmplay expands ({steps} recurrence steps for the file, {rule} for one rule); each counts up to where it was cut",
                      ["steps": String(steps), "rule": String(stepsPerRule)])
        case .days:
            return tr("its events cover more than {count} days in all (one occurrence per event and day, by the days each covers); the rest are left out",
                      ["count": String(days)])
        case .time:
            return tr("reading its recurrences took more than {seconds} s of CPU; the rest are left out",
                      ["seconds": String(cpuNanoseconds / 1_000_000_000)])
        }
    }
}
