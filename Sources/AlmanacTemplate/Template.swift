import AlmanacCore

/// A parsed Mustache template.
public struct Template: Sendable {
    let nodes: [Node]
    public let path: String

    /// Parses `source`; errors carry the template's path, line and column.
    public init(_ source: String, path: String = "template") throws(Diagnostic) {
        var parser = TemplateParser(source: source, path: path)
        self.nodes = try parser.parse()
        self.path = path
    }

    init(nodes: [Node], path: String) {
        self.nodes = nodes
        self.path = path
    }
}
