import AlmanacCore
import Foundation
import Testing

@Suite struct BuildIdentityTests {
    /// The ID read from the running program's notes is the one its file on disk carries: the
    /// bytes follow the `GNU` note name in the executable.
    @Test func theBuildIDIsTheOneTheProgramFileCarries() throws {
        let id = BuildIdentity.buildID
        #expect(id.count >= 32 && id.allSatisfy { $0.isHexDigit })
        let file = try Data(contentsOf: URL(fileURLWithPath: "/proc/self/exe"))
        var bytes: [UInt8] = []
        var index = id.startIndex
        while index < id.endIndex {
            let next = id.index(index, offsetBy: 2)
            bytes.append(UInt8(id[index..<next], radix: 16)!)
            index = next
        }
        #expect(file.range(of: Data(Array("GNU\u{0}".utf8) + bytes)) != nil)
    }
}
