import Almanac
import AlmanacCore
import AlmanacDefaults
import AlmanacModel
import AlmanacTestSupport
import Testing

/// The ids a page uses for its own parts are never a section's: a section called "Main" or
/// "List" keeps the skip links, the styles and the script pointed at the page's own.
@Suite struct PageChromeTests {
    @Test func aSectionNamedAsThePagesOwnPartsGetsAnAnchorOfItsOwn() throws {
        let fileSystem = InlineSite.page(
            "terms", data: "terms.csv", settings: "group: kind",
            text: "name,kind\nBody,Main\nBullet,List\nNotes,Other", more: "-- Content/almanac.yaml --\ntitle: Terms\n")
        _ = try SiteBuilderTests.build(fileSystem)
        let html = String(decoding: fileSystem.tree("Output")["terms.html"] ?? [], as: UTF8.self)
        #expect(html.components(separatedBy: #"id="main""#).count == 2)
        #expect(html.components(separatedBy: #"id="list""#).count == 2)
        #expect(html.contains(#"<section id="main-1""#))
        #expect(html.contains(##"<a class="skip-link" href="#list">"##))
        // GitHub would call the heading `main`: the Markdown names the page's anchor itself.
        let markdown = String(decoding: fileSystem.tree("Output")["terms.md"] ?? [], as: UTF8.self)
        #expect(markdown.contains("<a id=\"main-1\"></a>\n\n## Main"))
        #expect(markdown.contains("[Main](#main-1)"))
        #expect(!markdown.contains("<a id=\"other\"></a>"))
    }

    /// Every id the templates write as it stands is one sections keep clear of.
    @Test func everyIdTheTemplatesWriteIsReserved() {
        var found: Set<String> = []
        for (path, bytes) in DefaultTemplates.files where path.hasSuffix(".mustache") {
            let text = String(decoding: bytes, as: UTF8.self)
            for piece in text.components(separatedBy: #" id=""#).dropFirst() {
                let id = String(piece.prefix { $0 != "\"" })
                if !id.contains("{{") { found.insert(id) }
            }
        }
        #expect(found.count >= 4)
        #expect(found.subtracting(PageChrome.ids).isEmpty, "\(found.subtracting(PageChrome.ids))")
    }
}
