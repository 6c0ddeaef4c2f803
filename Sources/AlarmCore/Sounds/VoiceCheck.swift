/// Whether espeak-ng has a voice, and if not, a few that are close (for a located error).
public enum VoiceCheck {
    /// Nil when the voice is installed, else the message.
    public static func problem(_ voice: String, installed: [String]) -> String? {
        let wanted = voice.lowercased()
        guard !installed.contains(wanted) else { return nil }
        let close = installed.filter { $0.hasPrefix(String(wanted.prefix(2))) }.prefix(5)
        let nearest = Suggestion.closest(to: wanted, in: installed)
        let shown = Array(close) + (nearest.map { close.contains($0) ? [] : [$0] } ?? [])
        let hint = shown.isEmpty ? tr("e.g. {voices}", ["voices": "en, de, fr, es"]) : tr("close: {voices}", ["voices": shown.joined(separator: ", ")])
        return tr("unknown voice \"{voice}\" ({hint}; 'espeak-ng --voices' lists them)", ["voice": voice, "hint": hint])
    }
}
