@testable import Almanac
import AlmanacCore
import AlmanacRender
import AlmanacTestSupport
import Testing

/// The sitemap lists every HTML page a search engine should find, detail pages included, and
/// splits into an index and files of at most 50,000 addresses as the protocol requires.
@Suite struct SitemapTests {
    static var site: MemoryFileSystem {
        InlineSite.page("birds", data: "birds.csv", settings: "detail: true", text: "name,habitat\nWren,hedges\nRobin,gardens")
    }

    @Test func everyHTMLPageIsListedDetailPagesIncluded() throws {
        let fileSystem = Self.site
        var options = BuildOptions()
        options.baseURL = "https://example.org/docs"
        _ = try SiteBuilder(options: options, fileSystem: fileSystem).build()
        let sitemap = try #require(fileSystem.text("Output/sitemap.xml"))
        let listed = sitemap.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "<loc>"), let end = line.range(of: "</loc>") else { return nil }
            return String(line[start.upperBound..<end.lowerBound])
        }
        let pages = fileSystem.tree("Output").keys.filter { $0.hasSuffix(".html") }
        #expect(listed == pages.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { "https://example.org/docs/" + $0 })
        #expect(listed.contains("https://example.org/docs/birds/wren.html"))
    }

    @Test func pastTheLimitTheSitemapIsAnIndexOfFiles() throws {
        let site = SiteInfo(title: "T", baseURL: "https://example.org/", stylesheet: "a.css", script: "a.js")
        let pages = (1...5).map { "p\($0).html" }
        let files = Sitemap.files(site: site, pages: pages, perFile: 2)
        #expect(files.map(\.path) == ["sitemap.xml", "sitemaps/1.xml", "sitemaps/2.xml", "sitemaps/3.xml"])
        let index = String(decoding: files[0].bytes, as: UTF8.self)
        #expect(index.contains("<sitemapindex") && index.contains("<loc>https://example.org/sitemaps/3.xml</loc>"))
        let last = String(decoding: files[3].bytes, as: UTF8.self)
        #expect(last.contains("<loc>https://example.org/p5.html</loc>") && !last.contains("p4.html"))
        #expect(Sitemap.files(site: site, pages: pages, perFile: 5).map(\.path) == ["sitemap.xml"])
    }

    @Test func addressesAreEscapedForXML() throws {
        let site = SiteInfo(title: "T", baseURL: "https://example.org/", stylesheet: "a.css", script: "a.js")
        let text = String(decoding: try #require(Sitemap.files(site: site, pages: ["a&b.html"]).first).bytes, as: UTF8.self)
        #expect(text.contains("<loc>https://example.org/a&amp;b.html</loc>"))
    }
}
