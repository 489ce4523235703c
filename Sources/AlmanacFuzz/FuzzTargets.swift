import AlmanacCore
import AlmanacEdit
import AlmanacLoad
import AlmanacModel
import AlmanacTemplate

/// Every parser Almanac has, each a function of arbitrary bytes that may throw a diagnostic but
/// must never crash, hang or read out of bounds. `make fuzz` runs each under libFuzzer with
/// AddressSanitizer; the same functions replay saved inputs in the ordinary build (`Replay`).
enum FuzzTargets {
    static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "csv": { bytes in _ = try? CSVReader(options: tableOptions(bytes)).read(bytes, path: "fuzz.csv") },
        "tsv": { bytes in _ = try? CSVReader.tsv(tableOptions(bytes)).read(bytes, path: "fuzz.tsv") },
        "json": { bytes in
            _ = try? JSONReader().load(bytes, path: "fuzz.json")
            _ = try? JSONReader().read(bytes, path: "fuzz.json")
        },
        "ndjson": { bytes in _ = try? NDJSONReader().read(bytes, path: "fuzz.ndjson") },
        "yaml": { bytes in _ = try? YAMLReader().read(bytes, path: "fuzz.yaml") },
        "plist": { bytes in
            _ = try? PropertyListReader().read(bytes, path: "fuzz.plist")
            _ = BinaryPropertyListReader(bytes)?.read()
        },
        "junit": { bytes in _ = try? JUnitReader().read(bytes, path: "fuzz.xml") },
        // NUnit 3, xUnit.net and TRX (by their root element) as well as JUnit, as `render` reads them.
        "results": { bytes in
            var warnings: [Diagnostic] = []
            _ = try? TestResultsReader.read(bytes, path: "fuzz.xml", warnings: &warnings)
        },
        "ctrf": { bytes in
            _ = CTRFReader.recognizes(bytes)
            _ = try? CTRFReader().read(bytes, path: "fuzz.json")
        },
        "frontmatter": { bytes in
            guard let matter = try? FrontMatter.parse(bytes, path: "fuzz.md") else { return }
            _ = try? PageSettings(matter.settings, locations: matter.keyLocations, file: "fuzz.md")
        },
        // A site's strings table, as read and then spoken in a locale with several plural forms.
        "strings": { bytes in
            guard let table = try? StringsTableReader.read(bytes, path: "fuzz.yaml"), let locale = LocaleTag("ru") else { return }
            _ = StringsCatalog.problems(of: table, locale: locale)
            let strings = StringsCatalog.builtIn.adding(table, for: "ru").strings(for: locale)
            _ = strings.counted(.rows, 21)
            _ = strings.text(.searchLabel, ["title": "{title}"])
        },
        "mustache": { bytes in
            let source = String(decoding: bytes, as: UTF8.self)
            guard let template = try? Template(source, path: "fuzz.mustache") else { return }
            let renderer = TemplateRenderer(contentType: .html, partials: { name in name == "self" ? (source, "fuzz.mustache") : nil })
            let context: TemplateValue = ["name": "Wren", "rows": [["label": "a"], ["label": "<b>"]], "count": 2, "isOne": false]
            _ = try? renderer.render(template, context)
        },
    ]

    /// Table settings chosen by the input's first byte, so one target reaches every option.
    static func tableOptions(_ bytes: [UInt8]) -> CSVReader.Options {
        let choice = bytes.first ?? 0
        return CSVReader.Options(
            comment: choice & 1 != 0 ? "#" : nil, columns: choice & 2 != 0 ? ["a", "b", "c"] : nil,
            shortRowsAreEmpty: choice & 4 != 0)
    }
}
