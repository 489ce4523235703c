import AlmanacCore

/// `almanac init [DIR]`: a new site that builds at once — a home page, one example page with
/// a small real table, the site settings, a `.gitignore` for what builds write, and a README.
public struct SiteStarter: Sendable {
    public let folder: String
    public let isForced: Bool
    public let fileSystem: any FileSystem

    public init(folder: String = ".", isForced: Bool = false, fileSystem: any FileSystem = DiskFileSystem()) {
        self.folder = folder
        self.isForced = isForced
        self.fileSystem = fileSystem
    }

    /// Writes the site; returns the paths written, relative to `folder`.
    @discardableResult
    public func run() throws(Diagnostic) -> [String] {
        if fileSystem.isDirectory(folder), let names = try? fileSystem.contents(ofDirectory: folder), !names.isEmpty, !isForced {
            throw .error(
                at: nil, "\(folder == "." ? "this folder" : folder) is not empty (\(names.prefix(3).joined(separator: ", "))\(names.count > 3 ? ", …" : ""))",
                hint: "start the site in a new folder, or pass --force to write the starter files among these")
        }
        let title = Self.title(for: folder, resolved: fileSystem.resolved(folder))
        let files = Self.files(title: title)
        do {
            for path in files.keys.sorted() {
                let full = Path.join(folder, path)
                try fileSystem.createDirectory(Path.directory(of: full).isEmpty ? "." : Path.directory(of: full))
                try fileSystem.write(Array((files[path] ?? "").utf8), to: full)
            }
        } catch {
            throw .error(at: nil, "cannot write the new site: \((error as? FileSystemError)?.description ?? "\(error)")")
        }
        return files.keys.sorted()
    }

    /// `my-recipes` → `My recipes`.
    static func title(for folder: String, resolved: String) -> String {
        let name = Path.fileName(of: folder == "." || folder.isEmpty ? resolved : folder)
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).joined(separator: " ")
        return words.isEmpty ? "My Almanac" : words.prefix(1).uppercased() + words.dropFirst()
    }

    static func files(title: String) -> [String: String] {
        [
            "Content/almanac.yaml": """
                # Site-wide settings. `base_url: https://example.org/` adds canonical links and a sitemap.
                title: \(title.contains(":") || title.contains("#") ? "\"\(title)\"" : title)
                locale: en

                """,
            "Content/index.md": """
                Welcome to your almanac. Every Markdown file beside this one with a `data:` line in its
                front matter becomes a page: its records grouped, sorted and searchable.

                Start with the planets, then add a page of your own.

                """,
            "Content/planets.md": """
                ---
                title: Planets
                data: planets.csv
                group: kind
                group_order: [terrestrial, gas giant, ice giant]
                sort: order
                fields: [moons, year]
                search: [name, kind]
                detail: true
                footer: "{{count}} planet{{^isOne}}s{{/isOne}}"
                ---
                The eight planets of the Solar System, grouped by kind and listed from the Sun out. `year`
                is a year on each planet, in Earth days. Add one with
                `almanac add Content/planets.csv name=… kind=… order=9 moons=0 year=…`.

                """,
            "Content/planets.csv": """
                name,kind,order,moons,year
                Mercury,terrestrial,1,0,88
                Venus,terrestrial,2,0,225
                Earth,terrestrial,3,1,365
                Mars,terrestrial,4,2,687
                Jupiter,gas giant,5,95,4333
                Saturn,gas giant,6,146,10759
                Uranus,ice giant,7,28,30687
                Neptune,ice giant,8,16,60190

                """,
            ".gitignore": """
                # What almanac builds write: the site, its staging trees and the rebuild cache.
                Output/
                /.Output.*
                .almanac/

                """,
            "README.md": """
                # \(title)

                `almanac serve` to see the site as you edit `Content/`; `almanac build` writes it into `Output/`.

                """,
        ]
    }
}
