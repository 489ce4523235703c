import AlmanacTemplate

/// The values one template reads, as a type: the compiler checks what the renderer fills in,
/// and `templateObject` (in `ViewValues.swift`, the one place views become template values)
/// names every field, an absent one as null. A template that reads a name its view does not
/// have is then told apart from one reading an absent value: a strict render fails on it.
protocol TemplateView {
    var templateObject: TemplateObject { get }
}

extension TemplateView {
    var templateValue: TemplateValue { .object(templateObject) }
}

/// A link a template places: the text it shows and where it goes.
struct LinkView: Sendable {
    let title: String
    let href: String
}
