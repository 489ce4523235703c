import AlmanacCore
import AlmanacRender
import AlmanacTemplate

/// The sitemap search engines read, written only when the site has a base URL (a sitemap
/// needs absolute addresses). It lists every HTML page the build writes — the home page,
/// listings, section pages and detail pages, which are most of a catalogue's pages — in path
/// order. The protocol allows 50,000 addresses a file: past that, `sitemap.xml` is an index of
/// files under `sitemaps/` that hold 50,000 each.
enum Sitemap {
    static let addressesPerFile = 50_000
    static let folder = "sitemaps"

    /// The sitemap files for these pages (output paths), `sitemap.xml` first; none without a
    /// base URL.
    static func files(site: SiteInfo, pages: [String], perFile: Int = addressesPerFile) -> [Artifact] {
        guard site.absoluteURL("") != nil else { return [] }
        let urls = pages.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { site.absoluteURL($0) }
        guard urls.count > perFile else { return [Artifact(path: "sitemap.xml", text: urlSet(urls[...]))] }
        let parts = stride(from: 0, to: urls.count, by: perFile).map { urls[$0..<min($0 + perFile, urls.count)] }
        let names = parts.indices.map { "\(folder)/\($0 + 1).xml" }
        var index = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#]
        for name in names {
            guard let url = site.absoluteURL(name) else { continue }
            index.append("  <sitemap><loc>\(HTMLEscape.text(url))</loc></sitemap>")
        }
        index.append("</sitemapindex>")
        return [Artifact(path: "sitemap.xml", text: index.joined(separator: "\n") + "\n")]
            + zip(names, parts).map { Artifact(path: $0, text: urlSet($1)) }
    }

    private static func urlSet(_ urls: ArraySlice<String>) -> String {
        var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
        text.reserveCapacity(urls.count * 80 + 100)
        for url in urls {
            text += "  <url><loc>" + HTMLEscape.text(url) + "</loc></url>\n"
        }
        return text + "</urlset>\n"
    }
}
