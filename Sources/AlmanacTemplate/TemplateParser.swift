import AlmanacCore

/// Parses Mustache source into nodes, as the official specification describes it: tags,
/// changing delimiters, standalone lines (a line holding only a section, comment, partial,
/// delimiter or inheritance tag disappears from the output), and the indentation of standalone
/// partials, parents and blocks.
struct TemplateParser {
    let source: [UInt8]
    let path: String
    var open: [UInt8]
    var close: [UInt8]

    init(source: String, path: String, delimiters: Delimiters = .default) {
        self.source = Array(source.utf8)
        self.path = path
        self.open = delimiters.open
        self.close = delimiters.close
    }

    /// Where each line starts: every tag's name is given its place, and counting lines from
    /// the top for each would make a long template's parse quadratic.
    private lazy var lineStarts: [Int] = [0] + source.indices.filter { source[$0] == 0x0A }.map { $0 + 1 }

    func location(_ offset: Int) -> SourceLocation {
        var copy = self
        return copy.place(offset)
    }

    private mutating func place(_ offset: Int) -> SourceLocation {
        let offset = min(offset, source.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column = 1 + source[lineStarts[low]..<offset].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
        return SourceLocation(path: path, line: low + 1, column: column)
    }

    func failure(_ message: String, at offset: Int, hint: String? = nil) -> Diagnostic {
        .error(at: location(offset), message, hint: hint)
    }

    // MARK: Tokens

    enum Kind: Equatable {
        case text
        case variable(escaped: Bool)
        case section(inverted: Bool)
        case close
        case comment
        case partial(dynamic: Bool)
        case parent(dynamic: Bool)
        case block
        case delimiters

        var canStandAlone: Bool {
            switch self {
            case .text, .variable: return false
            default: return true
            }
        }
    }

    struct Token {
        var kind: Kind
        var name: String
        var start: Int
        var end: Int
        var text = ""
        var isStandalone = false
        var indentation = ""
        /// Whitespace between the line start and the tag, when only whitespace precedes it.
        var linePrefix: String?
        /// Where the tag's content starts and (for closing tags) where the content ends.
        var contentStart = 0
        var contentEnd = 0
        /// The delimiters in force after this tag, for re-parsing a block's source.
        var delimiters = Delimiters.default
        var isDropped = false
        /// For closing tags: the kind of tag they close.
        var closes: Kind?
    }

    mutating func tokenize() throws(Diagnostic) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        var textStart = 0
        while index < source.count {
            guard matches(open, at: index) else {
                index += 1
                continue
            }
            tokens += textTokens(textStart..<index)
            let token = try tag(at: index)
            tokens.append(token)
            index = token.end
            textStart = index
        }
        tokens += textTokens(textStart..<source.count)
        try matchClosingTags(&tokens)
        markStandaloneLines(&tokens)
        return tokens
    }

    /// Text, a token per line: text tokens never span lines, so each line can be judged on its
    /// own when standalone tags are marked.
    private func textTokens(_ range: Range<Int>) -> [Token] {
        var tokens: [Token] = []
        var start = range.lowerBound
        while start < range.upperBound {
            var stop = start
            while stop < range.upperBound && source[stop] != 0x0A { stop += 1 }
            if stop < range.upperBound { stop += 1 }
            tokens.append(Token(kind: .text, name: "", start: start, end: stop, text: String(decoding: source[start..<stop], as: UTF8.self)))
            start = stop
        }
        return tokens
    }

    /// The tag that opens at `tagStart`; a delimiter change takes effect for what follows.
    private mutating func tag(at tagStart: Int) throws(Diagnostic) -> Token {
        var cursor = tagStart + open.count
        var (kind, closing) = sigil(at: &cursor)
        guard let end = find(closing, from: cursor) else {
            throw failure("unclosed tag", at: tagStart, hint: "a '\(String(decoding: close, as: UTF8.self))' is missing")
        }
        var name = String(decoding: source[cursor..<end], as: UTF8.self).trimmingWhitespace
        let index = end + closing.count
        if kind == .partial(dynamic: false) || kind == .parent(dynamic: false), name.hasPrefix("*") {
            name = String(name.dropFirst()).trimmingWhitespace
            kind = kind == .partial(dynamic: false) ? .partial(dynamic: true) : .parent(dynamic: true)
        }
        if kind == .delimiters {
            let parts = name.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count == 2, !parts[0].contains("="), !parts[1].contains("=") else {
                throw failure("invalid delimiter change '\(name)'", at: tagStart, hint: "write {{=<% %>=}}")
            }
            open = Array(parts[0].utf8)
            close = Array(parts[1].utf8)
        } else if kind != .comment && name.isEmpty {
            throw failure("empty tag", at: tagStart)
        }
        var token = Token(kind: kind, name: name, start: tagStart, end: index)
        token.contentStart = index
        token.contentEnd = tagStart
        token.delimiters = Delimiters(open: open, close: close)
        return token
    }

    /// The kind of tag the character after the opening delimiter makes, and what closes the
    /// tag; `cursor` moves past that character.
    private func sigil(at cursor: inout Int) -> (Kind, closing: [UInt8]) {
        if open == Delimiters.default.open && cursor < source.count && source[cursor] == UInt8(ascii: "{") {
            cursor += 1
            return (.variable(escaped: false), Array("}".utf8) + close)
        }
        while cursor < source.count && (source[cursor] == 0x20 || source[cursor] == 0x09) { cursor += 1 }
        guard cursor < source.count else { return (.variable(escaped: true), close) }
        let kind: Kind
        switch source[cursor] {
        case UInt8(ascii: "#"): kind = .section(inverted: false)
        case UInt8(ascii: "^"): kind = .section(inverted: true)
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial(dynamic: false)
        case UInt8(ascii: "<"): kind = .parent(dynamic: false)
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "&"): kind = .variable(escaped: false)
        case UInt8(ascii: "="): kind = .delimiters
        default: return (.variable(escaped: true), close)
        }
        cursor += 1
        return (kind, kind == .delimiters ? Array("=".utf8) + close : close)
    }

    private func matches(_ pattern: [UInt8], at index: Int) -> Bool {
        guard index + pattern.count <= source.count else { return false }
        for offset in 0..<pattern.count where source[index + offset] != pattern[offset] { return false }
        return true
    }

    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + pattern.count <= source.count {
            if matches(pattern, at: index) { return index }
            index += 1
        }
        return nil
    }

    private func matchClosingTags(_ tokens: inout [Token]) throws(Diagnostic) {
        var stack: [(name: String, kind: Kind, offset: Int)] = []
        for index in tokens.indices {
            switch tokens[index].kind {
            case .section, .parent, .block:
                stack.append((tokens[index].name, tokens[index].kind, tokens[index].start))
            case .close:
                guard let top = stack.popLast() else {
                    throw failure("'\(tokens[index].name)' is closed but was never opened", at: tokens[index].start)
                }
                guard top.name == tokens[index].name else {
                    throw failure("'\(tokens[index].name)' closes, but '\(top.name)' is open", at: tokens[index].start, hint: "close '\(top.name)' first")
                }
                tokens[index].closes = top.kind
            default:
                break
            }
        }
        if let unclosed = stack.last {
            throw failure("section '\(unclosed.name)' is never closed", at: unclosed.offset)
        }
    }

    /// Inheritance tags may share a line and still stand alone (`{{<parent}}{{$block}}`), but a
    /// block opened and closed on one line is inline content.
    private func lineQualifies(_ tags: [Token]) -> Bool {
        guard let first = tags.first else { return false }
        if tags.count == 1 { return first.kind.canStandAlone }
        var openBlocks = 0
        for tag in tags {
            switch tag.kind {
            case .parent: continue
            case .block: openBlocks += 1
            case .close:
                switch tag.closes {
                case .parent: continue
                case .block:
                    if openBlocks > 0 { return false }
                default: return false
                }
            default: return false
            }
        }
        return true
    }

    private func markStandaloneLines(_ tokens: inout [Token]) {
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count {
                let token = tokens[lineEnd]
                lineEnd += 1
                if token.kind == .text && token.text.utf8.last == 0x0A { break }
            }
            let line = lineStart..<lineEnd
            let tags = tokens[line].filter { $0.kind != .text }
            let textIsBlank = tokens[line].allSatisfy { $0.kind != .text || $0.text.isBlankLinePart }
            // The line's first byte, for the whitespace before a tag.
            let firstOffset = tokens[lineStart].start
            for index in line where tokens[index].kind != .text {
                let prefix = source[firstOffset..<tokens[index].start]
                if prefix.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    tokens[index].linePrefix = String(decoding: prefix, as: UTF8.self)
                }
            }
            if textIsBlank && lineQualifies(tags) {
                let lastTag = line.last(where: { tokens[$0].kind != .text }) ?? lineStart
                let firstTag = line.first(where: { tokens[$0].kind != .text }) ?? lineStart
                let indentation = String(decoding: source[firstOffset..<tokens[firstTag].start], as: UTF8.self)
                let lineEndOffset = tokens[line.upperBound - 1].end
                for index in line {
                    if tokens[index].kind == .text {
                        tokens[index].isDropped = true
                    } else {
                        tokens[index].isStandalone = true
                        tokens[index].indentation = indentation
                        if index == lastTag { tokens[index].contentStart = lineEndOffset }
                        if index == firstTag { tokens[index].contentEnd = firstOffset }
                    }
                }
            }
            lineStart = lineEnd
        }
    }

    // MARK: Tree

    mutating func parse() throws(Diagnostic) -> [Node] {
        let tokens = try tokenize()
        var index = 0
        return try buildNodes(tokens, &index, until: nil)
    }

    /// A tag's name with where the tag is, for a strict render's error.
    private mutating func name(_ token: Token) -> Name {
        let tag = place(token.start)
        return Name(token.name, line: tag.line, column: tag.column)
    }

    private mutating func buildNodes(_ tokens: [Token], _ index: inout Int, until closing: String?) throws(Diagnostic) -> [Node] {
        var nodes: [Node] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token.isDropped { continue }
            switch token.kind {
            case .text:
                if case .text(let previous)? = nodes.last {
                    nodes[nodes.count - 1] = .text(previous + Array(token.text.utf8))
                } else {
                    nodes.append(.text(Array(token.text.utf8)))
                }
            case .variable(let escaped):
                nodes.append(.variable(name(token), escaped: escaped))
            case .comment, .delimiters:
                break
            case .close:
                return nodes
            case .section(let inverted):
                let children = try buildNodes(tokens, &index, until: token.name)
                nodes.append(.section(name(token), children, inverted: inverted))
            case .partial(let dynamic):
                nodes.append(.partial(token.name, dynamic: dynamic, indentation: token.isStandalone ? token.indentation : ""))
            case .parent(let dynamic):
                let children = try buildNodes(tokens, &index, until: token.name)
                var blocks: [String: Block] = [:]
                for child in children {
                    if case .block(let block) = child, blocks[block.name] == nil { blocks[block.name] = block }
                }
                nodes.append(.parent(token.name, dynamic: dynamic, indentation: token.isStandalone ? token.indentation : "", blocks: blocks))
            case .block:
                let start = index
                let children = try buildNodes(tokens, &index, until: token.name)
                let closeToken = tokens[index - 1]
                _ = start
                let content = String(decoding: source[min(token.contentStart, closeToken.contentEnd)..<closeToken.contentEnd], as: UTF8.self)
                let siteIndent: String
                if token.isStandalone {
                    siteIndent = content.isEmpty ? token.indentation : content.leadingWhitespace
                } else {
                    siteIndent = token.linePrefix ?? ""
                }
                nodes.append(.block(Block(
                    name: token.name, nodes: children, source: content, delimiters: token.delimiters,
                    isStandalone: token.isStandalone, siteIndent: siteIndent, path: path)))
            }
        }
        _ = closing
        return nodes
    }
}

/// A pair of tag delimiters, `{{` and `}}` unless a template changes them.
struct Delimiters: Sendable, Equatable {
    var open: [UInt8]
    var close: [UInt8]

    static let `default` = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}

extension String {
    var trimmingWhitespace: String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" || first == "\r" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\n" || last == "\r" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// True for text that may surround a standalone tag: spaces, tabs and a final line break.
    var isBlankLinePart: Bool {
        utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            && (utf8.filter { $0 == 0x0D }.isEmpty || hasSuffix("\r\n"))
    }

    var leadingWhitespace: String {
        String(prefix(while: { $0 == " " || $0 == "\t" }))
    }
}
