import AlarmCore
import AlarmAudio
import UnitTestSupport
import XCTest

final class SoundCardsTests: XCTestCase {
    /// /proc/asound/cards of a Raspberry Pi 4 with a USB speaker.
    static let pi = """
         0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones
                              bcm2835 Headphones
         1 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0
                              vc4-hdmi-0
         2 [Speaker        ]: USB-Audio - USB Speaker
                              Generic USB Speaker at usb-0000:01:00.0-1.2, full speed
        """

    func testTheCardsIdsInTheKernelsOrder() {
        XCTAssertEqual(SoundCards.ids(inProcCards: Self.pi), ["Headphones", "vc4hdmi0", "Speaker"])
        XCTAssertEqual(SoundCards.ids(inProcCards: "--- no soundcards ---\n"), [])
    }

    func testASystemServiceRingsOnEachCardThroughPlug() {
        XCTAssertEqual(SoundCards.systemServiceDevices(procCards: Self.pi),
                       ["plughw:CARD=Headphones", "plughw:CARD=vc4hdmi0", "plughw:CARD=Speaker"])
        XCTAssertEqual(SoundCards.systemServiceDevices(procCards: nil), [])
    }
}
