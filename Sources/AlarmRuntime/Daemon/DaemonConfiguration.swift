import AlarmCore
import AlarmAudio

extension AlarmDaemon {
    /// What `run` was told: the files, the devices, the faces' settings.
    public struct Configuration: Sendable {
        public var alarmsPath: String
        /// `--device`, in order; an alarm's own `devices` replace them.
        public var devices: [String]
        public var soundFolders: SoundFolders
        public var statePath: String
        public var socketPath: String
        public var log: EventLog
        /// Where the phone page is served; nil: not at all (`--no-http`).
        public var http: HTTPAddress?
        public var tokenPath: String
        /// Where uploaded sounds go (`$XDG_DATA_HOME/alarmplay/sounds`).
        public var userSounds: String
        /// The broker and the device's name on it; nil: no MQTT.
        public var mqtt: MQTTSettings?
        /// Seconds before a ring to wake a suspended machine, so the sound server is up in time.
        public var wakeEarly: Int = 60
        /// Where every event is appended as a JSON line (`--events-file`); nil: nowhere.
        public var eventsFile: String?
        /// Names the page answers to besides this machine's own (`--http-host`).
        public var httpHosts: [String] = []
        /// Input devices to read (`--input`), with the standard keys.
        public var inputs: [String] = []

        public init(
            alarmsPath: String, devices: [String], soundFolders: SoundFolders, statePath: String, socketPath: String, log: EventLog,
            http: HTTPAddress? = nil, tokenPath: String = "", userSounds: String = "", mqtt: MQTTSettings? = nil,
            wakeEarly: Int = 60, eventsFile: String? = nil
        ) {
            self.eventsFile = eventsFile
            self.mqtt = mqtt
            self.wakeEarly = wakeEarly
            self.alarmsPath = alarmsPath
            self.devices = devices
            self.soundFolders = soundFolders
            self.statePath = statePath
            self.socketPath = socketPath
            self.log = log
            self.http = http
            self.tokenPath = tokenPath
            self.userSounds = userSounds
        }
    }
}
