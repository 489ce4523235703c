import Almanac
import AlmanacCore
import AlmanacEdit

/// `almanac add` and `almanac remove`.
extension AlmanacCommand {
    func runEdit(_ parsed: CommandLineParser.Parsed, output: Output) throws(DiagnosticList) -> ExitStatus {
        try Self.listing { () throws(Diagnostic) in try edit(parsed, output: output) }
    }

    private func edit(_ parsed: CommandLineParser.Parsed, output: Output) throws(Diagnostic) -> ExitStatus {
        var request = RecordEditor.Request()
        request.pagePath = parsed.values["--page"]
        if let content = parsed.values["--content"] { request.contentPath = content }
        request.columns = parsed.values["--columns"].map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
        request.edit.section = parsed.values["--section"]
        request.edit.valuesAreText = parsed.flags.contains("--string")
        request.edit.allowsNewFields = parsed.flags.contains("--new-field")
        request.edit.isDryRun = parsed.flags.contains("--dry-run")
        request.edit.removesAll = parsed.flags.contains("--all")
        request.edit.isForced = parsed.flags.contains("--force")
        // The data file is the argument that is not FIELD=VALUE.
        var pairs: [(name: String, value: String)] = []
        for argument in parsed.positional {
            if let equals = argument.firstIndex(of: "="), equals != argument.startIndex {
                pairs.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
            } else if request.dataPath == nil {
                request.dataPath = argument
            } else {
                throw .error(at: nil, "'\(argument)' is neither the data file nor FIELD=VALUE", hint: "write values as field=value")
            }
        }
        let editor = RecordEditor(request: request, fileSystem: fileSystem)
        let isAdd = parsed.command == "add"
        let (path, outcome): (String, DataFileEdit.Outcome)
        if isAdd {
            guard !pairs.isEmpty else { throw .error(at: nil, "'add' needs at least one FIELD=VALUE") }
            (path, outcome) = try editor.add(pairs)
        } else {
            let conditions = try (parsed.repeated["--where"] ?? []).map { text throws(Diagnostic) -> (name: String, value: String) in
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                    throw .error(at: nil, "--where \(text): write the condition as field=value")
                }
                return (String(text[..<equals]), String(text[text.index(after: equals)...]))
            } + pairs
            guard !conditions.isEmpty else { throw .error(at: nil, "'remove' needs --where FIELD=VALUE", hint: "name the records to remove") }
            (path, outcome) = try editor.remove(where: conditions)
        }
        let count = "\(outcome.records) record\(outcome.records == 1 ? "" : "s")"
        if request.edit.isDryRun {
            output.standard("--- \(path)\n+++ \(path)\n" + outcome.diff.dropLast())
            output.standard("Would \(isAdd ? "add" : "remove") \(count); nothing was written")
        } else if !parsed.flags.contains("--quiet") {
            output.standard(isAdd ? "Added \(count) to \(path)" : "Removed \(count) from \(path)")
        }
        return .success
    }
}
