/// Short clock-style durations for progress lines and tables: `0:07`, `3:25.4`, `1:02:03`.
public enum TimeText {
    public static func clock(_ seconds: Double, tenths: Bool = false) -> String {
        let total = max(0, seconds)
        let whole = Int(total)
        let hours = whole / 3600
        let minutes = (whole / 60) % 60
        let secs = whole % 60
        var text = hours > 0 ? "\(hours):\(pad(minutes)):\(pad(secs))" : "\(minutes):\(pad(secs))"
        if tenths { text += "." + String(Int((total - Double(whole)) * 10)) }
        return text
    }

    private static func pad(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
