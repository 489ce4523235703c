import AlmanacCore

/// Partials parsed at one indentation, and overrides re-indented to one kind of site, kept for
/// every renderer that finds partials through the same lookup.
///
/// A build renders in a few hundred tasks, each with renderers of its own; parsing the layout
/// and re-indenting the detail page's override once per task cost more than a hundred detail
/// pages' rendering. Parsed templates never change, so sharing them between threads is safe;
/// the lock is held only to read or store an entry, never while parsing (two threads may both
/// parse one partial the first time; either result is the same).
public final class TemplateCache: Sendable {
    struct PartialKey: Hashable {
        let name: String
        let indentation: String
    }

    /// An override as expanded at one kind of site. The entry holds the override's identity,
    /// so its address cannot be reused by another block while the entry exists.
    struct ReindentKey: Hashable {
        let override: ObjectIdentifier
        let siteIndent: String
        let siteIsStandalone: Bool
    }

    private let partials = Locked<[PartialKey: Template]>([:])
    private let reindented = Locked<[ReindentKey: (override: Block.Identity, nodes: [Node])]>([:])

    public init() {}

    func partial(_ key: PartialKey) -> Template? {
        partials.withLock { $0[key] }
    }

    func store(_ template: Template, for key: PartialKey) {
        partials.withLock { $0[key] = template }
    }

    func reindented(_ key: ReindentKey) -> [Node]? {
        reindented.withLock { $0[key]?.nodes }
    }

    func store(_ nodes: [Node], reindenting override: Block.Identity, for key: ReindentKey) {
        reindented.withLock { $0[key] = (override, nodes) }
    }
}
