import Foundation
import XCTest

/// A fresh minimal Debian (mmdebstrap `--variant=minbase`) unpacked from a tar made once per
/// test run, with `/proc`, `/dev` and the host's DNS inside, so `apt-get` and programs run in it
/// with `chroot`. `remove()` unmounts before it deletes anything.
final class DebianRoot {
    let path: String
    private var mounted: [String] = []

    /// Makes the tar of a fresh `suite` root: Debian's own mirror, without the security suite
    /// (not served here), with `include` installed.
    static func makeTar(suite: String, include: [String], at tar: String) throws -> ChildProcess {
        let sources = tar + ".sources"
        try """
            Types: deb
            URIs: http://deb.debian.org/debian
            Suites: \(suite) \(suite)-updates
            Components: main
            Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

            """.write(toFile: sources, atomically: true, encoding: .utf8)
        return try ChildProcess(
            ["-n", "19", "/usr/bin/mmdebstrap", "--variant=minbase", "--format=tar", "--include=" + include.joined(separator: ","), suite, tar, sources],
            environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"], executable: "/usr/bin/nice",
            stdout: tar + ".log", stderr: tar + ".log")
    }

    init(tar: String, at path: String) throws {
        self.path = path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Self.host(["/usr/bin/tar", "-xf", tar, "-C", path])
        try mount(["-t", "proc", "proc"], at: "/proc")
        try mount(["--bind", "/dev"], at: "/dev")
        try FileManager.default.removeItem(atPath: path + "/etc/resolv.conf")
        try FileManager.default.copyItem(atPath: "/etc/resolv.conf", toPath: path + "/etc/resolv.conf")
    }

    private func mount(_ arguments: [String], at point: String) throws {
        try Self.host(["/usr/bin/mount"] + arguments + [path + point])
        mounted.insert(path + point, at: 0)
    }

    /// `script` run by bash inside the root as root, with a clean environment plus `environment`.
    func run(_ script: String, environment: [String: String] = [:]) throws -> CommandResult {
        // Installing and purging packages at a low priority, as the package's build (PackageBuild).
        try ChildProcess.run(["-n", "10", "/usr/sbin/chroot"] + chrootArguments(script, environment: environment), environment: [:],
                             executable: "/usr/bin/nice")
    }

    /// `apt-get install ./NAME.deb` in the root, as a user installs (or upgrades to) a package: apt
    /// fetches what it depends on.
    func install(_ deb: String) throws -> CommandResult {
        let name = (deb as NSString).lastPathComponent
        try? FileManager.default.removeItem(atPath: path + "/tmp/" + name)
        try FileManager.default.copyItem(atPath: deb, toPath: path + "/tmp/" + name)
        return try run("cd /tmp && apt-get update -qq && apt-get install -y -qq ./\(name)")
    }

    /// The same, started and left running (a `run` serving its page).
    func start(_ script: String, environment: [String: String] = [:]) throws -> RunningProcess {
        let process = RunningProcess(chrootArguments(script, environment: environment), environment: [:], executable: "/usr/sbin/chroot")
        try process.start()
        return process
    }

    private func chrootArguments(_ script: String, environment: [String: String]) -> [String] {
        let base = [
            "PATH=/usr/sbin:/usr/bin:/sbin:/bin", "HOME=/root", "LANG=C.UTF-8", "TERM=dumb",
            "DEBIAN_FRONTEND=noninteractive",
        ]
        return [path, "/usr/bin/env", "-i"] + base + environment.map { "\($0.key)=\($0.value)" }.sorted()
            + ["/bin/bash", "-c", script]
    }

    /// Unmounts (and checks nothing stays mounted) before deleting: `rm -rf` of a root with `/dev`
    /// bound inside would delete the host's device nodes.
    func remove() {
        for point in mounted {
            _ = try? Self.host(["/usr/bin/umount", "-l", point])
        }
        mounted = []
        let table = (try? String(contentsOfFile: "/proc/mounts", encoding: .utf8)) ?? ""
        guard !table.contains(" \(path)/") else {
            XCTFail("\(path) still has mounts; left in place")
            return
        }
        try? FileManager.default.removeItem(atPath: path)
    }

    @discardableResult
    static func host(_ arguments: [String]) throws -> CommandResult {
        let result = try ChildProcess.run(
            Array(arguments.dropFirst()), environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"], executable: arguments[0])
        guard result.status == 0 else {
            throw NSError(domain: "\(arguments.joined(separator: " ")): \(result.stderr)", code: Int(result.status))
        }
        return result
    }
}
