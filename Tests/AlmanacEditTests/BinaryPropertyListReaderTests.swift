import Foundation
import Testing
@testable import AlmanacEdit

/// The binary property-list reader keeps each dictionary's entries in file order, and turns
/// down what is malformed — never reading past the bytes, never looping on a cycle.
@Suite struct BinaryPropertyListReaderTests {
    @Test func entriesComeBackInTheFilesOrderAndRoundTripThroughTheWriter() throws {
        let written = BinaryPropertyList.encode(OrderedPlistDictionary(entries: [
            ("Zimbabwe", OrderedPlistDictionary(entries: [("code", "ZW"), ("n", 7), ("ok", true)])),
            ("Åland", [1.5, "Ünïcode", Date(timeIntervalSinceReferenceDate: 0), Data([1, 2])] as [Any]),
        ]))
        let read = try #require(BinaryPropertyListReader(written)?.read() as? OrderedPlistDictionary)
        #expect(read.entries.map(\.key) == ["Zimbabwe", "Åland"])
        #expect((read["Zimbabwe"] as? OrderedPlistDictionary)?.entries.map(\.key) == ["code", "n", "ok"])
        #expect(BinaryPropertyList.encode(read) == written)
        let foundation = try PropertyListSerialization.propertyList(from: Data(written), options: [], format: nil) as? [String: Any]
        #expect((foundation?["Zimbabwe"] as? [String: Any])?["code"] as? String == "ZW", "Foundation reads what it writes")
    }

    @Test func malformedListsAreTurnedDown() {
        let good = BinaryPropertyList.encode(["a", "b"] as [Any])
        var badOffset = good
        badOffset[badOffset.count - 32 - 2] = 0xFF
        var selfReference = BinaryPropertyList.encode(["x"] as [Any])
        // The array's one reference points at the array itself.
        if let marker = selfReference.firstIndex(of: 0xA1) { selfReference[marker + 1] = 0 }
        for bytes in [Array(good.prefix(20)), Array(good.dropLast(1)), badOffset, selfReference, Array("bplist00".utf8) + [UInt8](repeating: 0xFF, count: 40)] {
            #expect(BinaryPropertyListReader(bytes)?.read() == nil)
        }
    }
}
