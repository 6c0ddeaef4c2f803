import AlarmCore

/// Where the broker is: `mqtt://host[:1883]`, `mqtts://host[:8883]` (TLS, the system's CA
/// certificates) or `unix:/path/to/socket`.
public struct MQTTBroker: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    /// 0 for a Unix socket (libmosquitto's convention).
    public var port: Int
    public var tls: Bool

    public init(host: String, port: Int, tls: Bool) {
        self.host = host
        self.port = port
        self.tls = tls
    }

    public init(parsing text: String) throws(BadValue) {
        let usage = BadValue("--mqtt", problem: "mqtt://HOST[:PORT], mqtts://HOST[:PORT] or unix:/PATH, not \"\(text)\"")
        if text.hasPrefix("unix:") {
            let path = String(text.dropFirst(5))
            guard path.hasPrefix("/") else { throw usage }
            self.init(host: path, port: 0, tls: false)
            return
        }
        let tls: Bool
        let rest: Substring
        if text.hasPrefix("mqtts://") {
            (tls, rest) = (true, text.dropFirst(8))
        } else if text.hasPrefix("mqtt://") {
            (tls, rest) = (false, text.dropFirst(7))
        } else {
            throw usage
        }
        let authority = rest.hasSuffix("/") ? rest.dropLast() : rest
        var host = authority
        var port = tls ? 8883 : 1883
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw usage }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let given = Int(after.dropFirst()), (1...65535).contains(given) else { throw usage }
                port = given
            }
        } else if let colon = authority.lastIndex(of: ":") {
            guard let given = Int(authority[authority.index(after: colon)...]), (1...65535).contains(given) else { throw usage }
            host = authority[..<colon]
            port = given
        }
        guard !host.isEmpty, !host.contains("/"), !host.contains("@") else { throw usage }
        self.init(host: String(host), port: port, tls: tls)
    }

    public var description: String {
        port == 0 ? "unix:\(host)" : "\(tls ? "mqtts" : "mqtt")://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}

/// The device's name on the broker: `alarmplay/<id>/...` and Home Assistant's identifiers.
public enum MQTTDeviceID {
    /// Lower case letters, digits, `-` and `_`; anything else becomes `_` (a host name such as
    /// `Bedroom.Pi` gives `bedroom_pi`).
    public static func topicSafe(_ text: String) -> String {
        let mapped = text.lowercased().unicodeScalars.map { scalar -> Character in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) || scalar == "-" || scalar == "_"
                ? Character(scalar) : "_"
        }
        let id = String(mapped)
        return id.isEmpty ? "alarmplay" : id
    }
}

/// `run --mqtt ...`: the broker, and who this device is on it. The password comes from a file or
/// `$ALARMPLAY_MQTT_PASSWORD`, never from the command line, and is never logged.
public struct MQTTSettings: Sendable {
    public var broker: MQTTBroker
    public var deviceID: String
    public var deviceName: String
    public var username: String?
    public var password: String?

    public init(broker: MQTTBroker, deviceID: String, deviceName: String, username: String? = nil, password: String? = nil) {
        self.broker = broker
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.username = username
        self.password = password
    }
}
