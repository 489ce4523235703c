import AlmanacCore
import AlmanacModel
import Foundation

/// The pictures a single-file page carries inside itself as `data:` URLs: a row's image field
/// naming a small picture beside the data file. Only files inside the data file's folder are
/// read (no `..`, no absolute path, no link out of it), so a row cannot pull another file of
/// the machine into the report; a picture over the limit is left out with a warning rather
/// than making the page heavy.
enum InlinePictures {
    static let limit = 256 * 1024

    static let mediaTypes = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "avif": "image/avif", "svg": "image/svg+xml",
    ]

    /// Image field value → `data:` URL, for every row whose picture can be inlined.
    static func collect(_ page: Page, folder: String, fileSystem: any FileSystem, warnings: inout [Diagnostic]) -> [String: String] {
        guard let field = page.settings.image else { return [:] }
        let root = fileSystem.resolved(folder.isEmpty ? "." : folder)
        var pictures: [String: String] = [:]
        var refused = Set<String>()
        for (_, row) in page.rows {
            guard let value = row.record[field], value.isScalar else { continue }
            var path = value.text.trimmingCharacters(in: .whitespaces)
            while path.hasPrefix("./") { path.removeFirst(2) }
            guard pictures[path] == nil, !refused.contains(path), isLocalPicture(path) else { continue }
            let full = Path.join(folder, path)
            guard fileSystem.resolved(full).hasPrefix(root + "/"), let bytes = try? fileSystem.read(full) else {
                refused.insert(path)
                warnings.append(.warning(
                    at: row.record.location, "picture '\(path)' is not a file inside the data file's folder: the row shows none",
                    hint: "a single-file page carries pictures from beside its data file"))
                continue
            }
            guard bytes.count <= limit else {
                refused.insert(path)
                warnings.append(.warning(
                    at: row.record.location, "picture '\(path)' is \(bytes.count / 1024) KiB, over the \(limit / 1024) KiB a single file inlines",
                    hint: "it is left out; use a smaller picture or an https URL"))
                continue
            }
            let type = mediaTypes[Path.fileExtension(of: path)] ?? "application/octet-stream"
            pictures[path] = "data:" + type + ";base64," + Data(bytes).base64EncodedString()
        }
        return pictures
    }

    /// A relative path with a picture's extension that stays below its folder.
    static func isLocalPicture(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains(":"), !path.contains("\\") else { return false }
        guard !path.split(separator: "/").contains("..") else { return false }
        return mediaTypes[Path.fileExtension(of: path)] != nil
    }
}
