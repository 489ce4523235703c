import Foundation

/// Where an XML property list's elements sit, to three levels below `<plist>`: what editing a
/// record in place needs. The file has already been read (and so checked) by Foundation's
/// property-list reader; this finds tag boundaries only — comments, the prolog and CDATA
/// are stepped over — and never decides what is valid.
struct PropertyListSpans {
    struct Element {
        let name: String
        let range: Range<Int>
        /// For `<key>`, its text.
        var text: String = ""
        var children: [Element] = []
    }

    let bytes: [UInt8]

    /// The `<plist>` element's one child.
    func root() -> Element? {
        var index = 0
        var stack: [Element] = []
        var plist: Element?
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            if starts("<!--", at: index) { index = skip(past: "-->", from: index); continue }
            if starts("<![CDATA[", at: index) { index = skip(past: "]]>", from: index); continue }
            if starts("<?", at: index) || starts("<!", at: index) { index = skip(past: ">", from: index); continue }
            let start = index
            let end = skip(past: ">", from: index)
            let tag = Array(bytes[(start + 1)..<(end - 1)])
            index = end
            if tag.first == UInt8(ascii: "/") {
                guard var element = stack.popLast() else { continue }
                element = Element(name: element.name, range: element.range.lowerBound..<end, text: element.text, children: element.children)
                if element.name == "key" { element.text = Self.text(Array(bytes[element.range]), name: "key") }
                close(element, into: &stack, plist: &plist)
                continue
            }
            let selfClosing = tag.last == UInt8(ascii: "/")
            let name = String(decoding: tag.prefix { ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/")].contains($0) }, as: UTF8.self)
            let element = Element(name: name, range: start..<end)
            if selfClosing { close(element, into: &stack, plist: &plist) } else { stack.append(element) }
        }
        return plist?.children.first
    }

    private func close(_ element: Element, into stack: inout [Element], plist: inout Element?) {
        if element.name == "plist" { plist = element; return }
        guard !stack.isEmpty else { return }
        // Only the levels an edit looks at keep their children.
        if stack.count <= 3 { stack[stack.count - 1].children.append(element) }
    }

    private func starts(_ text: String, at index: Int) -> Bool {
        bytes[index...].starts(with: text.utf8)
    }

    private func skip(past text: String, from index: Int) -> Int {
        let pattern = Array(text.utf8)
        var position = index
        while position + pattern.count <= bytes.count {
            if bytes[position..<(position + pattern.count)].elementsEqual(pattern) { return position + pattern.count }
            position += 1
        }
        return bytes.count
    }

    /// An element's text with XML's five entities and character references undone.
    static func text(_ element: [UInt8], name: String) -> String {
        let open = "<\(name)>".utf8.count, close = "</\(name)>".utf8.count
        guard element.count >= open + close else { return "" }
        var text = String(decoding: element[open..<(element.count - close)], as: UTF8.self)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.replacingOccurrences(of: "&amp;", with: "&")
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
