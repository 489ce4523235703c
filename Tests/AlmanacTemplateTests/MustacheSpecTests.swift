import AlmanacTemplate
import AlmanacTestSupport
import Foundation
import Testing

/// Every case of the official Mustache specification (lambdas aside, which Almanac leaves out).
@Suite struct MustacheSpecTests {
    struct SpecCase: CustomTestStringConvertible, Sendable {
        let file: String
        let name: String
        let template: String
        let data: TemplateValue
        let partials: [String: String]
        let expected: String

        var testDescription: String { "\(file): \(name)" }
    }

    static let specFiles = [
        "comments.json", "delimiters.json", "interpolation.json", "inverted.json", "partials.json",
        "sections.json", "~dynamic-names.json", "~inheritance.json",
    ]

    static func convert(_ object: Any) -> TemplateValue {
        switch object {
        case let string as String: return .string(string)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" {
                return .bool(number.boolValue)
            }
            return .number(number.doubleValue)
        case let array as [Any]: return .list(array.map(convert))
        case let dictionary as [String: Any]: return .object(TemplateObject(dictionary.mapValues(convert)))
        default: return .null
        }
    }

    static func loadCases() -> [SpecCase] {
        var cases: [SpecCase] = []
        for file in specFiles {
            let path = PackagePaths.mustacheSpec + "/" + file
            guard let data = FileManager.default.contents(atPath: path),
                  let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let tests = root["tests"] as? [[String: Any]]
            else { continue }
            for test in tests {
                cases.append(SpecCase(
                    file: file,
                    name: test["name"] as? String ?? "?",
                    template: test["template"] as? String ?? "",
                    data: convert(test["data"] ?? NSNull()),
                    partials: test["partials"] as? [String: String] ?? [:],
                    expected: test["expected"] as? String ?? ""))
            }
        }
        return cases
    }

    static let cases = loadCases()

    @Test func specificationIsPresent() throws {
        let count = Self.cases.count
        if count == 0 && !PackagePaths.isCI {
            print("skipping: no Mustache specification at \(PackagePaths.mustacheSpec)")
            return
        }
        // 184 cases across the eight files; under CI a missing folder fails here.
        #expect(count >= 180, "found \(count) cases at \(PackagePaths.mustacheSpec)")
    }

    @Test(arguments: cases)
    func specCase(_ spec: SpecCase) throws {
        let renderer = TemplateRenderer(contentType: .html) { name in
            spec.partials[name].map { (source: $0, path: name) }
        }
        let template = try Template(spec.template, path: spec.name)
        let output = try renderer.render(template, spec.data)
        #expect(output == spec.expected, "\(spec.file): \(spec.name)")
    }
}
