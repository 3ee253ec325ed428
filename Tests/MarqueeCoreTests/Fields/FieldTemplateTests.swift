import Testing
@testable import MarqueeCore

@Suite("Live field templates")
struct FieldTemplateTests {
    @Test("fields are found with their arguments; literal text around them is kept", arguments: [
        ("NOW {time}", [FieldTemplate.Segment.literal("NOW "), .field(.time(format: "%H:%M"))]),
        ("{time:%H:%M:%S}!", [.field(.time(format: "%H:%M:%S")), .literal("!")]),
        ("{date}", [.field(.date(format: "%Y-%m-%d"))]),
        ("{date:%A %d %B}", [.field(.date(format: "%A %d %B"))]),
        ("{battery} {temp}", [.field(.battery), .literal(" "), .field(.temperature)]),
        ("{file:/run/status}", [.field(.file(path: "/run/status"))]),
        ("{file:a:b}", [.field(.file(path: "a:b"))]),
        ("{countdown:2026-12-31T23:59}",
         [.field(.countdown(to: LocalMoment(year: 2026, month: 12, day: 31, hour: 23, minute: 59)))]),
    ])
    func fields(text: String, segments: [FieldTemplate.Segment]) {
        #expect(FieldTemplate(parsing: text).segments == segments)
    }

    @Test("what is not a known field stays as typed", arguments: [
        "{", "}", "{}", "{tim}", "{TIME}", "{time", "time}", "{time:}", "{date:}", "{battery:x}", "{temp:c}",
        "{file:}", "{countdown}", "{countdown:2026-02-30}", "{countdown:tomorrow}", "{ time}", "{time }",
        "{a{time}", "{\u{301}time}", "}{", "{time:%H{%M}",
    ])
    func literal(text: String) {
        let template = FieldTemplate(parsing: text)
        #expect(!template.isLive || text.contains("{time}"))
        if !text.contains("{time}") {
            #expect(template.render { $0.source } == text)
        }
    }

    @Test("a brace inside a field's braces: the inner field is found, the outer brace is text")
    func nested() {
        #expect(FieldTemplate(parsing: "{a{time}").segments == [.literal("{a"), .field(.time(format: "%H:%M"))])
    }

    @Test("{{ is one literal brace, and stops a field from starting", arguments: [
        ("{{", "{"), ("{{time}", "{time}"), ("{{{time}", "{X"), ("{{{{", "{{"), ("a {{ b }", "a { b }"),
    ])
    func escape(text: String, rendered: String) {
        #expect(FieldTemplate(parsing: text).render { _ in "X" } == rendered)
    }

    @Test("distinct fields are listed once, in order of use")
    func distinct() {
        let template = FieldTemplate(parsing: "{time} {temp} {time} {battery}")
        #expect(template.fields == [.time(format: "%H:%M"), .temperature, .battery])
        #expect(template.segments.count == 7)
    }

    @Test("fields beyond the bound stay as typed, so one text cannot cost unbounded work per refresh")
    func boundedFields() {
        let text = String(repeating: "{temp}", count: FieldTemplate.maximumFields + 3)
        let template = FieldTemplate(parsing: text)
        let filled = template.render { _ in "1" }
        #expect(filled == String(repeating: "1", count: FieldTemplate.maximumFields) + String(repeating: "{temp}", count: 3))
    }

    @Test("a field body over its bound is not a field")
    func boundedBody() {
        let long = "{time:" + String(repeating: "%H", count: FieldTemplate.maximumFieldBytes) + "}"
        #expect(!FieldTemplate(parsing: long).isLive)
        let fits = "{time:" + String(repeating: "x", count: FieldTemplate.maximumFieldBytes - 5) + "}"
        #expect(FieldTemplate(parsing: fits).isLive)
    }

    @Test("each field's source parses back to the same field")
    func roundTrip() {
        let fields: [LiveField] = [.time(format: "%H:%M"), .time(format: "%S"), .date(format: "%Y-%m-%d"), .date(format: "%a"),
                                   .countdown(to: LocalMoment(year: 2027, month: 1, day: 2, hour: 3, minute: 4, second: 5)),
                                   .battery, .temperature, .file(path: "/tmp/x")]
        for field in fields {
            #expect(FieldTemplate(parsing: field.source).fields == [field])
        }
    }

    @Test("a refresh follows the finest field: seconds in the format, a countdown, else minutes; power and file fields have their own")
    func refresh() {
        #expect(FieldTemplate(parsing: "{time}").refresh == .everyMinute)
        #expect(FieldTemplate(parsing: "{date}").refresh == .everyMinute)
        #expect(FieldTemplate(parsing: "{time:%H:%M:%S}").refresh == .everySecond)
        #expect(FieldTemplate(parsing: "{time:%T}").refresh == .everySecond)
        #expect(FieldTemplate(parsing: "{time:%-S}").refresh == .everySecond)
        #expect(FieldTemplate(parsing: "{time:%%S}").refresh == .everyMinute)
        #expect(FieldTemplate(parsing: "{countdown:2030-01-01}").refresh == .everySecond)
        #expect(FieldTemplate(parsing: "{file:x} {battery}").refresh == .fileCheck)
        #expect(FieldTemplate(parsing: "{battery}").refresh == .powerReading)
        #expect(FieldTemplate(parsing: "plain").refresh == nil)
    }
}
