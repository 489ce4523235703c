import AlmanacRender
import AlmanacTemplate

/// `sitemap.xml` for search engines, written only when the site has a base URL (a sitemap
/// needs absolute addresses). Lists the home page and the listing pages.
enum Sitemap {
    static func xml(site: SiteInfo, pages: [String]) -> String? {
        guard site.absoluteURL("") != nil else { return nil }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#,
        ]
        for page in pages {
            guard let url = site.absoluteURL(page) else { continue }
            lines.append("  <url><loc>\(HTMLEscape.text(url))</loc></url>")
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }
}
