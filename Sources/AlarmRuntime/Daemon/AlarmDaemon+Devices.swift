import AlarmCore
import AlarmAudio

extension AlarmDaemon {
    /// Where `alarm` rings, in order; its mixer is the first one's, the device it should play on.
    package func devices(for alarm: Alarm) -> [String] {
        DeviceFallback.asked(alarm: alarm.settings.devices, commandLine: configuration.devices)
    }
}
