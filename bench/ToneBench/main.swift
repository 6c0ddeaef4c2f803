#if canImport(Glibc)
import Glibc
#endif
import AlarmCore
import AlarmAudio

// Synthesis speed of every built-in tone, in multiples of real time on one core.
// Usage: tone-bench [REPEATS]

let repeats = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 50

func cpuSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func fixed(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return String(rounded)
}

print(pad("tone", 10) + pad("audio-s", 10) + pad("cpu-s", 10) + "x-realtime")
var totalAudio = 0.0
var totalCPU = 0.0
var checksum: Float = 0
for tone in Tone.builtIn {
    let start = cpuSeconds()
    for _ in 0..<repeats {
        let samples = tone.render()
        checksum += samples[samples.count / 3]
    }
    let cpu = cpuSeconds() - start
    let audio = tone.cycleSeconds * Double(repeats)
    totalAudio += audio
    totalCPU += cpu
    print(pad(tone.key, 10) + pad(fixed(audio, 1), 10) + pad(fixed(cpu, 4), 10) + fixed(audio / cpu, 0))
}
print(pad("all", 10) + pad(fixed(totalAudio, 1), 10) + pad(fixed(totalCPU, 4), 10) + fixed(totalAudio / totalCPU, 0))
// Printed so the optimiser cannot drop the rendering.
print("checksum \(checksum)")
