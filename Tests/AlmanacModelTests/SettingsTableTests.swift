import AlmanacCore
import AlmanacModel
import AlmanacTestSupport
import Foundation
import Testing

/// The settings table is the one declaration of every setting: what it says must be what front
/// matter and `almanac.yaml` accept.
@Suite struct SettingsTableTests {
    @Test func everySettingAndOptionIsDeclaredOnce() {
        let keys = Setting.all.map(\.key)
        #expect(Set(keys).count == keys.count, "\(keys)")
        let options = Setting.all.compactMap(\.option)
        #expect(Set(options).count == options.count, "\(options)")
    }

    /// Each setting's example is a value it takes, and storing it changes the page: no entry
    /// is declared without the code that uses it.
    @Test(arguments: Setting.forPages.map(\.key))
    func everyPageSettingChangesThePage(key: String) throws {
        let setting = try #require(Setting.named(key, in: Setting.forPages))
        var object = Object()
        object.set(key, setting.value(ofOption: setting.example))
        var settings = try PageSettings(object, locations: [:], file: "p.md")
        settings.keyLocations = [:]
        #expect(settings != PageSettings(), "\(key): \(setting.example)")
    }

    @Test(arguments: Setting.forSite.map(\.key))
    func everySiteSettingChangesTheSite(key: String) throws {
        let setting = try #require(Setting.named(key, in: Setting.forSite))
        var object = Object()
        let example = key == "base_url" ? "https://example.org/" : setting.example
        object.set(key, setting.value(ofOption: example))
        #expect(try SiteSettings(object, locations: [:], file: "almanac.yaml") != SiteSettings(), "\(key)")
    }

    /// `fields:` in `almanac.yaml` is a page's setting put in the wrong file, not a typo.
    @Test func aPageSettingInTheSiteFileSaysWhereItBelongs() {
        var object = Object()
        object.set("fields", .list([.string("capital")]))
        let error = diagnostic { _ = try SiteSettings(object, locations: ["fields": SourceLocation(path: "almanac.yaml", line: 3, column: 1)], file: "almanac.yaml") }
        #expect(error?.message == "unknown site setting 'fields'")
        #expect(error?.hint == "'fields' is a setting of a page's front matter")
        #expect(error?.location?.line == 3)
        var page = Object()
        page.set("base_url", .string("https://example.org/"))
        #expect(diagnostic { _ = try PageSettings(page, locations: [:], file: "p.md") }?.hint == "'base_url' is a setting of almanac.yaml")
    }

    /// A word from a fixed set names the set, and the nearest word when the value is a typo.
    @Test func aChoiceNamesItsWordsAndTheNearestOne() throws {
        var object = Object()
        object.set("style", .string("groupd"))
        let error = diagnostic { _ = try PageSettings(object, locations: [:], file: "p.md") }
        #expect(error?.message == "'style' must be plain or grouped, found 'groupd'")
        #expect(error?.hint == "did you mean 'grouped'?")
        object.set("style", .string("grouped"))
        #expect(try PageSettings(object, locations: [:], file: "p.md").style == .grouped)
    }

    @Test func aFormatIsOneAlmanacKnows() throws {
        var object = Object()
        object.set("formats", Setting.named("formats", in: Setting.forPages)?.value(ofOption: "time=minutes") ?? .null)
        let error = diagnostic { _ = try PageSettings(object, locations: [:], file: "p.md") }
        #expect(error?.message == "unknown format 'minutes' for 'time'")
        #expect(error?.hint == "use duration, raw")
        object.set("formats", Setting.named("formats", in: Setting.forPages)?.value(ofOption: "time=duration") ?? .null)
        #expect(try PageSettings(object, locations: [:], file: "p.md").formats == ["time": .duration])
    }

    /// An option's text becomes the value front matter would hold for that kind of setting.
    @Test func optionTextIsTypedByTheSettingsKind() throws {
        func value(_ key: String, _ text: String) throws -> Value {
            try #require(Setting.named(key, in: Setting.forPages)).value(ofOption: text)
        }
        #expect(try value("fields", "a, b") == .list([.string("a"), .string("b")]))
        #expect(try value("search", "false") == .bool(false))
        #expect(try value("search", "name") == .list([.string("name")]))
        #expect(try value("split", "false") == .bool(false))
        #expect(try value("section_rows", "5") == .number(Number(5)))
        #expect(try value("title", "42") == .string("42"), "a title that looks like a number stays text")
        #expect(try value("detail", "failing") == .string("failing"))
        var labels = Object()
        labels.set("wingspan_cm", .string("Wingspan (cm)"))
        labels.set("a", .string("x=y"))
        #expect(try value("labels", "wingspan_cm=Wingspan (cm),a=x=y") == .object(labels))
    }
}

/// The README's settings reference is checked against the table, so neither can name a
/// setting the other lacks.
@Suite struct SettingsReferenceTests {
    static let readme: String = (try? String(contentsOfFile: PackagePaths.root + "/README.md", encoding: .utf8)) ?? ""

    /// The keys of the example front matter under "## A page".
    static var documentedPageKeys: [String] {
        guard let section = readme.range(of: "## A page"),
              let open = readme.range(of: "```yaml\n", range: section.upperBound..<readme.endIndex),
              let close = readme.range(of: "```", range: open.upperBound..<readme.endIndex) else { return [] }
        return readme[open.upperBound..<close.lowerBound].split(separator: "\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":"), line.first?.isLetter == true else { return nil }
            return String(line[..<colon])
        }
    }

    @Test func theReadmeDocumentsEveryPageSettingAndNoOther() {
        let documented = Self.documentedPageKeys
        #expect(!documented.isEmpty, "no settings block under '## A page' in README.md")
        #expect(Set(documented) == Set(Setting.forPages.map(\.key)))
    }

    @Test func theReadmeNamesEverySiteSetting() throws {
        let sentence = try #require(Self.readme.range(of: "`Content/almanac.yaml` holds site settings ("))
        let list = Self.readme[sentence.upperBound...].prefix { $0 != ")" }
        let named = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        #expect(Set(named) == Set(Setting.forSite.map(\.key)))
    }
}
