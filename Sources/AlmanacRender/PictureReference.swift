import AlmanacCommonMark

/// What an image field's value names: an address to show as it is, a file of the site's
/// static folder (`birds/wren.png`, leading `./` and `/` taken off), or nothing a page may
/// show. One reading, for the page that shows the picture and the build that warns when it
/// cannot.
public enum PictureReference: Equatable, Sendable {
    case none
    case address(String)
    case file(String)
    /// A scheme a page must never load (`javascript:`).
    case unsafe

    public init(_ text: String) {
        var url = text.trimmingCharacters(in: .whitespaces)
        guard !url.isEmpty else { self = .none; return }
        guard URLSafety.isSafe(url, isImage: true) else { self = .unsafe; return }
        let lower = url.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("data:") {
            self = .address(url)
            return
        }
        while url.hasPrefix("./") || url.hasPrefix("/") { url.removeFirst(url.hasPrefix("/") ? 1 : 2) }
        self = url.isEmpty ? .none : .file(url)
    }
}
