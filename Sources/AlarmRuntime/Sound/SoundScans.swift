import AlarmCore
import AlarmAudio
import Synchronization

/// The sound folders scanned off the loop, each scan numbered as it starts: the sounds in force
/// are replaced only by a newer scan's, so a slow scan that ends last (two uploads at once, a
/// reload beside an upload) cannot drop a sound that a later scan found.
package final class SoundScans: Sendable {
    package struct Scanned: Sendable {
        package var number: Int
        package var sounds: SoundRegistry
    }

    private let started = Mutex(0)
    private let folders: SoundFolders

    package init(folders: SoundFolders) {
        self.folders = folders
    }

    /// Disk work: every folder listed and each sound's details read.
    package func scan() -> Scanned {
        let number = started.withLock { count in
            count += 1
            return count
        }
        return Scanned(number: number, sounds: .standard(folders: folders))
    }
}
