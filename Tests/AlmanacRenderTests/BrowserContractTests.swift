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

    /// The object a search data script registers, decoded.
    static func registered(_ script: [UInt8]) throws -> [String: Any] {
        let text = String(decoding: script, as: UTF8.self)
        let start = try #require(text.range(of: "]=")).upperBound
        let json = text[start...].trimmingCharacters(in: .whitespacesAndNewlines).dropLast()
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test(arguments: [1, 100])
    func theSearchDataSpellsOnlyTheContractsFields(shardsAbove threshold: Int) throws {
        let page = try Self.page(shardsAbove: threshold)
        let paths = PagePaths(page: page, inputKey: "k")
        let manifest = try #require(SearchIndex.artifacts(for: page, paths: paths).last { $0.path == paths.searchData })
        let fields = try Self.registered(manifest.bytes)
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
