import Almanac
import AlmanacCore
import AlmanacEdit

/// `almanac add` and `almanac remove`, their options already read (`Invocation`).
extension AlmanacCommand {
    func edit(_ request: RecordEditor.Request, change: Invocation.Change, quiet: Bool, output: Output, printer: DiagnosticPrinter) throws(Diagnostic) {
        let editor = RecordEditor(request: request, fileSystem: fileSystem)
        let edited: RecordEditor.Edited
        let isAdd: Bool
        switch change {
        case .add(let pairs):
            isAdd = true
            edited = try editor.add(pairs)
        case .remove(let conditions):
            isAdd = false
            edited = try editor.remove(where: conditions)
        }
        for warning in edited.warnings { output.error(printer.format(warning)) }
        let (path, outcome) = (edited.path, edited.outcome)
        let count = "\(outcome.records) record\(outcome.records == 1 ? "" : "s")"
        if request.edit.isDryRun {
            output.standard("--- \(path)\n+++ \(path)\n" + outcome.diff.dropLast())
            output.standard("Would \(isAdd ? "add" : "remove") \(count); nothing was written")
        } else if !quiet {
            output.standard(isAdd ? "Added \(count) to \(path)" : "Removed \(count) from \(path)")
        }
    }
}
