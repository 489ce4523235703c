import AlmanacCore
import AlmanacModel
import AlmanacRender

/// Rows whose picture the page cannot show: a file the site's static folder does not have, or
/// an address a page must never load. The row shows no picture rather than a broken one, so
/// without a word the author would not know; a page reports its first few and how many more.
enum MissingPictures {
    static func warnings(_ page: Page, staticFiles: Set<String>) -> [Diagnostic] {
        guard let field = page.settings.image else { return [] }
        let found = page.rows.lazy.compactMap { (_, row) -> (() -> Diagnostic)? in
            guard let value = row.record[field], value.isScalar,
                  let problem = problem(PictureReference(value.text), text: value.text, staticFiles: staticFiles) else { return nil }
            return { .warning(at: row.record.location, problem.message, hint: problem.hint) }
        }
        return WarningDigest.digest(found) { more in
            .warning(
                at: page.settings.keyLocations["image"] ?? page.source,
                "\(more) more rows name a picture the page cannot show", hint: "they show no picture")
        }
    }

    private static func problem(_ reference: PictureReference, text: String, staticFiles: Set<String>) -> (message: String, hint: String)? {
        switch reference {
        case .none, .address: return nil
        case .unsafe: return ("picture '\(text)' is not an address a page may load", "use an https URL or a file of Content/static/")
        case .file(let path):
            guard !staticFiles.contains(path) else { return nil }
            var hint = "a picture is a file of Content/static/, named from there, or an https URL"
            if path.hasPrefix("static/"), staticFiles.contains(String(path.dropFirst(7))) { hint = "write '\(path.dropFirst(7))': pictures are named from Content/static/" }
            return ("picture '\(text)' is not among the site's static files: the row shows none", hint)
        }
    }
}
