import AlmanacCore
import AlmanacLoad
import Foundation
import AlmanacTestSupport
import Testing

@Suite struct FrontMatterTests {
    @Test func splitsSettingsFromBody() throws {
        let page = try FrontMatter.parse(Array("---\ntitle: States\ndata: states.csv\n---\nHello *world*.\n".utf8), path: "states.md")
        #expect(page.settings["title"] == .string("States"))
        #expect(page.body == "Hello *world*.\n")
        #expect(page.bodyLine == 5)
    }

    @Test func pageWithoutFrontMatterIsAllBody() throws {
        let page = try FrontMatter.parse(Array("# Just prose\n".utf8), path: "a.md")
        #expect(page.settings.isEmpty)
        #expect(page.body == "# Just prose\n")
    }

    @Test func crlfFrontMatterIsRead() throws {
        let page = try FrontMatter.parse(Array("---\r\ntitle: X\r\n---\r\nBody\r\n".utf8), path: "a.md")
        #expect(page.settings["title"] == .string("X"))
    }

    @Test func unclosedFrontMatterIsAnError() throws {
        #expect(throws: Diagnostic.self) { try FrontMatter.parse(Array("---\ntitle: X\n".utf8), path: "a.md") }
    }

    @Test func yamlErrorPointsIntoThePageFile() throws {
        let error = try #require(diagnostic { _ = try FrontMatter.parse(Array("---\ntitle: ok\nfields: [a, b\n---\n".utf8), path: "page.md") })
        #expect(error.location?.path == "page.md")
        #expect((error.location?.line ?? 0) >= 3, "the line counts from the top of the file, not of the YAML")
    }

    @Test func frontMatterMustBeAMapping() throws {
        #expect(throws: Diagnostic.self) { try FrontMatter.parse(Array("---\n- a\n---\n".utf8), path: "a.md") }
    }
}

@Suite struct PropertyListReaderTests {
    @Test func xmlDictionaryIsReadWithSortedKeys() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>Zed</key><array><string>z@example.com</string><integer>5</integer></array>
            <key>Ann</key><array><string>a@example.com</string><true/></array>
            </dict></plist>
            """
        let value = try PropertyListReader().read(Array(xml.utf8), path: "friends.plist")
        let object = try #require(value.objectValue)
        #expect(object.names == ["Ann", "Zed"])
        #expect(object["Ann"] == .list([.string("a@example.com"), .bool(true)]))
        #expect(object["Zed"]?.listValue?[1] == .number(Number(text: "5", value: 5)))
    }

    @Test func binaryPropertyListIsRead() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["Ann": ["a@example.com", "555"]], format: .binary, options: 0)
        let value = try PropertyListReader().read([UInt8](data), path: "friends.plist")
        #expect(value.objectValue?["Ann"] == .list([.string("a@example.com"), .string("555")]))
    }

    @Test func malformedPropertyListIsAnError() throws {
        #expect(throws: Diagnostic.self) { try PropertyListReader().read(Array("<plist><dict><key>a".utf8), path: "bad.plist") }
        #expect(throws: Diagnostic.self) { try PropertyListReader().read([], path: "empty.plist") }
    }

    @Test func unknownExtensionIsAnErrorWithTheSupportedList() throws {
        let error = try #require(diagnostic { _ = try DataReader.read([], path: "data.xls") })
        #expect(error.hint?.contains("csv") == true)
    }
}
