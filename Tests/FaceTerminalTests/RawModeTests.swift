import AlarmCore
import FaceTerminal
import UnitTestSupport
import XCTest

/// Raw mode on a real pseudo-terminal pair, so nothing depends on how the tests are run.
final class RawModeTests: XCTestCase {
    private struct NoPseudoTerminal: Error {}

    /// `/dev/ptmx` by hand: Glibc's module map leaves out `posix_openpt` and friends. The ioctl numbers
    /// are the generic Linux ones (`TIOCSPTLCK`, `TIOCGPTN`), the same on x86_64 and arm64.
    private func openTerminal() throws -> (controller: Int32, terminal: Int32) {
        let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard controller >= 0, ioctl(controller, 0x4004_5431, &unlock) == 0, ioctl(controller, 0x8004_5430, &number) == 0 else {
            XCTFail("cannot open a pseudo-terminal")
            throw NoPseudoTerminal()
        }
        let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        XCTAssertGreaterThanOrEqual(terminal, 0)
        return (controller, terminal)
    }

    private func mode(_ descriptor: Int32) -> termios {
        var mode = termios()
        XCTAssertEqual(tcgetattr(descriptor, &mode), 0)
        return mode
    }

    /// Field by field: the padding after `c_line` is not part of the value (Swift 6.0 need not copy it).
    private func same(_ a: termios, _ b: termios) -> Bool {
        var a = a, b = b
        let sameCharacters = withUnsafeBytes(of: &a.c_cc) { a in withUnsafeBytes(of: &b.c_cc) { b in a.elementsEqual(b) } }
        return sameCharacters && a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag
            && a.c_lflag == b.c_lflag && a.c_line == b.c_line && a.c_ispeed == b.c_ispeed && a.c_ospeed == b.c_ospeed
    }

    func testEntersNonCanonicalNoEchoWithoutSignalsAndRestores() throws {
        let (controller, terminal) = try openTerminal()
        defer { close(controller); close(terminal) }
        let before = mode(terminal)
        var rawMode = RawMode(descriptor: terminal, restoringOn: [])
        XCTAssertNotNil(rawMode)
        let raw = mode(terminal)
        XCTAssertEqual(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG), 0)
        XCTAssertNotEqual(raw.c_oflag & tcflag_t(OPOST), 0, "output processing stays on")
        XCTAssertNil(RawMode(descriptor: terminal, restoringOn: []), "no nesting")
        rawMode = nil
        XCTAssertTrue(same(mode(terminal), before))
        XCTAssertNotNil(RawMode(descriptor: terminal, restoringOn: []), "the slot is free again")
    }

    func testKeysArriveWithoutEnterAndCtrlCIsAKey() throws {
        let (controller, terminal) = try openTerminal()
        defer { close(controller); close(terminal) }
        let input = try XCTUnwrap(KeyInput(rawMode: RawMode(descriptor: terminal, restoringOn: [])))
        _ = "l\u{03}\u{1B}[A\u{1B}".withCString { write(controller, $0, strlen($0)) }
        let clock = SystemMonotonicTime()
        var keys: [Key] = []
        while let event = input.next(until: clock.now() + 2_000_000_000) {
            guard case let .key(key) = event else { break }
            keys.append(key)
            if keys.count == 4 { break }
        }
        XCTAssertEqual(keys, [.character("l"), .interrupt, .arrow(.up), .escape])
    }

    /// A caller that asks only for what is there (`run`'s loop: deadline now) is told when a lone
    /// ESC counts as Esc, and gets it then; an arrow key's rest arriving in time makes it the arrow.
    func testALoneEscapeAskedForOnlyWhatIsThereComesOnceItsWaitIsOver() throws {
        let (controller, terminal) = try openTerminal()
        defer { close(controller); close(terminal) }
        let input = try XCTUnwrap(KeyInput(rawMode: RawMode(descriptor: terminal, restoringOn: [])))
        let clock = SystemMonotonicTime()
        XCTAssertNil(input.heldUntil)
        _ = "\u{1B}".withCString { write(controller, $0, strlen($0)) }
        XCTAssertTrue(waitUntilReadable(terminal))
        let before = clock.now()
        XCTAssertNil(input.next(until: clock.now()), "held back while an arrow key's bytes could follow")
        let after = clock.now()
        let held = try XCTUnwrap(input.heldUntil)
        XCTAssertTrue((before + KeyInput.escapeWait...after + KeyInput.escapeWait).contains(held), "the wait counts from the byte's arrival")
        while clock.now() < held { usleep(1000) }
        XCTAssertEqual(input.next(until: clock.now()), .key(.escape))
        XCTAssertNil(input.heldUntil)

        _ = "\u{1B}".withCString { write(controller, $0, strlen($0)) }
        XCTAssertTrue(waitUntilReadable(terminal))
        XCTAssertNil(input.next(until: clock.now()))
        _ = "[A".withCString { write(controller, $0, strlen($0)) }
        XCTAssertEqual(input.next(until: try XCTUnwrap(input.heldUntil)), .key(.arrow(.up)))
    }

    private func waitUntilReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 2000) == 1
    }

    func testNotATerminal() {
        let descriptor = open("/dev/null", O_RDONLY)
        defer { close(descriptor) }
        XCTAssertNil(RawMode(descriptor: descriptor))
    }
}
