import AlmanacCore
import AlmanacModel
import AlmanacRender
import Foundation
import Testing

/// The search data's field names are declared once, in `BrowserContract`: the data the build
/// writes uses exactly those, and the script learns them from the contract.
@Suite struct BrowserContractTests {
    static func page(shardsAbove threshold: Int) throws -> Page {
        var settings = PageSettings()
        settings.splitThreshold = 2
        settings.searchShardThreshold = threshold
        let records = ["Apple", "Banana", "Cherry"].map { Record(fields: Object([.init(name: "name", value: .string($0))]), location: SourceLocation(path: "x.csv")) }
        return try PageBuilder().build(.init(name: "fruit", settings: settings, prose: .empty, data: .rows(records), source: SourceLocation(path: "f.md"))).page
    }

    /// The object a data script hands the page (`BrowserContract.DataChannel`), decoded, with
    /// the channel and key it is handed as.
    static func handed(_ script: [UInt8]) throws -> (channel: String, key: String, value: [String: Any]) {
        let text = String(decoding: script, as: UTF8.self)
        #expect(text.hasPrefix("document.dispatchEvent(new CustomEvent(\"\(BrowserContract.dataEvent)\",{detail:["))
        #expect(text.hasSuffix("]}));\n"))
        let start = try #require(text.range(of: "{detail:")).upperBound
        let end = try #require(text.range(of: "}));\n", options: .backwards)).lowerBound
        let detail = try #require(try JSONSerialization.jsonObject(with: Data(text[start..<end].utf8)) as? [Any])
        return (try #require(detail[0] as? String), try #require(detail[1] as? String), try #require(detail[2] as? [String: Any]))
    }

    static func registered(_ script: [UInt8]) throws -> [String: Any] { try handed(script).value }

    @Test(arguments: [1, 100])
    func theSearchDataSpellsOnlyTheContractsFields(shardsAbove threshold: Int) throws {
        let page = try Self.page(shardsAbove: threshold)
        let paths = PagePaths(page: page, inputKey: "k")
        let manifest = try #require(SearchIndex.artifacts(for: page, paths: paths).last { $0.path == paths.searchData })
        let handed = try Self.handed(manifest.bytes)
        #expect(handed.channel == BrowserContract.DataChannel.search.rawValue && handed.key == "fruit")
        let fields = handed.value
        let spelled = Set(BrowserContract.SearchDataField.allCases.map(\.rawValue))
        #expect(Set(fields.keys).isSubset(of: spelled), "\(fields.keys.sorted())")
        #expect(fields.keys.contains(threshold == 1 ? "shards" : "hrefs"))
        let sections = try #require(fields["sections"] as? [[String]])
        #expect(sections.allSatisfy { $0.count == BrowserContract.sectionEntryFields.count })
    }

    @Test func theContractNamesEveryField() {
        let script = BrowserContract.script()
        for field in BrowserContract.SearchDataField.allCases {
            #expect(script.contains("\"\(field)\":\"\(field.rawValue)\""))
        }
        #expect(script.contains(#""sectionEntry":["id","title","page"]"#))
    }
}
