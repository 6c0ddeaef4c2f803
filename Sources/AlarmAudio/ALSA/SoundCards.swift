/// The sound cards the kernel lists in `/proc/asound/cards`, for the devices a system service
/// rings on when none is given: no sound server runs for it, so it opens the cards themselves.
public enum SoundCards {
    /// The cards' ids, in the kernel's order, from lines such as
    /// ` 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones`.
    public static func ids(inProcCards text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard let open = line.firstIndex(of: "["), let close = line[open...].firstIndex(of: "]"),
                  line[..<open].contains(where: \.isNumber)
            else { return nil }
            let id = line[line.index(after: open)..<close].filter { $0 != " " }
            return id.isEmpty ? nil : id
        }
    }

    /// `plughw:CARD=ID` for each card: ALSA's plug layer converts the sound's rate and format to
    /// what the card takes. `run` adds `default` after them.
    public static func systemServiceDevices(procCards text: String?) -> [String] {
        ids(inProcCards: text ?? "").map { "plughw:CARD=" + $0 }
    }
}
