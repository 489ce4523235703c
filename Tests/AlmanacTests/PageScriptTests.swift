import Almanac
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// The page script is written in parts and loaded as one file: what a site changes in one part
/// reaches its pages, and nothing about the joining varies between builds.
@Suite struct PageScriptTests {
    static func build(_ extra: String = "") throws -> (script: String, report: BuildReport) {
        let fileSystem = InlineSite.fileSystem(SiteBuilderTests.site + extra)
        let report = try SiteBuilderTests.build(fileSystem)
        let scripts = fileSystem.tree("Output").filter { $0.key.hasPrefix("assets/almanac.") && $0.key.hasSuffix(".js") }
        #expect(scripts.count == 1, "one script, whatever its parts: \(scripts.keys.sorted())")
        return (String(decoding: try #require(scripts.first?.value), as: UTF8.self), report)
    }

    @Test func thePartsLoadAsOneScriptThatSetsTheContractAndNoGlobal() throws {
        let (script, _) = try Self.build()
        #expect(script.hasPrefix("(function almanac() {\n'use strict';\nconst contract = {\"fold\":"))
        #expect(script.hasSuffix("})();\n"))
        #expect(!script.contains("window.Almanac"), "the data files hand their values in an event, not a global")
        // In the order of their names: the text rules before the search field that uses them.
        let text = try #require(script.range(of: "// ---- 10-text.js ----"))
        let field = try #require(script.range(of: "// ---- 80-search-field.js ----"))
        #expect(text.lowerBound < field.lowerBound)
    }

    /// The engine starts once, when the page is ready (a large report's rows placed), with
    /// the page's listing handed in: no part returns from the script or runs it again.
    @Test func thePartsFromTenOnAreTheEngineThatStartsWhenThePageIsReady() throws {
        let (script, _) = try Self.build()
        let ready = try #require(script.range(of: "// ---- 05-row-data.js ----"))
        let start = try #require(script.range(of: "\nconst start = (main) => {\n"))
        let text = try #require(script.range(of: "// ---- 10-text.js ----"))
        #expect(ready.lowerBound < start.lowerBound && start.lowerBound < text.lowerBound)
        #expect(script.hasSuffix("};\nwhenReady(start);\n})();\n"))
        #expect(script.components(separatedBy: "\nconst start = ").count == 2, "one engine, begun once")
        #expect(!script.contains("almanac)"), "the script is not run again")
    }

    @Test func aSitesPartReplacesThatPartAloneAndANewPartJoinsInItsPlace() throws {
        let (script, report) = try Self.build("""

            -- Templates/assets/almanac/32-highlight.js --
            const highlight = () => {}; // the site's own
            -- Templates/assets/almanac/90-analytics.js --
            document.documentElement.dataset.counted = 'yes';
            """)
        #expect(script.contains("const highlight = () => {}; // the site's own"))
        #expect(!script.contains("Highlighting: matches get <mark>"))
        #expect(script.contains("Collapsible sections"), "the other parts stay")
        let added = try #require(script.range(of: "// ---- 90-analytics.js ----"))
        let field = try #require(script.range(of: "// ---- 80-search-field.js ----"))
        #expect(field.lowerBound < added.lowerBound)
        #expect(report.warnings.isEmpty)
    }

    @Test func aWholeScriptOfTheSitesOwnIsUsedAsItIsAndItsPartsAreNamedAsUnused() throws {
        let (script, report) = try Self.build("""

            -- Templates/assets/almanac.js --
            console.log(window.AlmanacContract.separator);
            -- Templates/assets/almanac/32-highlight.js --
            const highlight = () => {};
            """)
        #expect(script.hasPrefix("window.AlmanacContract={\"fold\":"))
        #expect(script.hasSuffix("};\nconsole.log(window.AlmanacContract.separator);\n"))
        #expect(report.warnings.map(\.location?.path) == ["Templates/assets/almanac/32-highlight.js"])
        #expect(report.warnings.first?.message.contains("has no effect") == true)
    }

    @Test func noPartIsCopiedIntoTheOutputOnItsOwn() throws {
        let fileSystem = InlineSite.fileSystem(SiteBuilderTests.site)
        _ = try SiteBuilderTests.build(fileSystem)
        #expect(fileSystem.tree("Output").keys.filter { $0.hasPrefix("assets/almanac/") }.isEmpty)
    }

    @Test func theJoinedScriptIsByteIdenticalBetweenBuilds() throws {
        let first = try Self.build().script
        let second = try Self.build().script
        #expect(first == second)
    }
}
