import AlmanacDefaults

/// The script `serve` adds to each page it serves (and only serves: the built site never holds
/// it), `Templates/serve/reload.js`. It listens for the server's events: `reload` reloads the
/// page, `problem` shows the build's error over the page until a build succeeds again.
enum ReloadClient {
    static let path = "/__almanac/reload.js"
    static let events = "/__almanac/events"

    static let script: [UInt8] = DefaultTemplates.files["serve/reload.js"] ?? []

    /// Where the script tag goes in an HTML page: before `</body>`, else at the end.
    static func inject(into html: [UInt8]) -> [UInt8] {
        let tag = Array("<script src=\"\(path)\" data-events=\"\(events)\" defer=\"defer\"></script>\n".utf8)
        let closing = Array("</body>".utf8)
        var index = html.count - closing.count
        while index >= 0 {
            if html[index] == UInt8(ascii: "<") && html[index..<(index + closing.count)].elementsEqual(closing) {
                var result = html
                result.insert(contentsOf: tag, at: index)
                return result
            }
            index -= 1
        }
        return html + tag
    }
}
