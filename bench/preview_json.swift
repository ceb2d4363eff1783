// The cost of putting a 9.7 MB player page into the preview's stream message
// as JSON: Foundation's JSONEncoder plus the `</` search and replace the
// preview once did, against the byte-wise escaper that
// Sources/AnimEngine/Text/JSONText.swift now is (copied here: this file is
// compiled alone), and the scalar-by-scalar escaper it was. Also the
// backwards search for `</head>` across the page that PreviewPage once did.
//
//     swiftc -O bench/preview_json.swift -o bench/out/preview_json && bench/out/preview_json
import Foundation

struct Message: Encodable { var player: String? }

func time(_ label: String, _ body: () -> Void) {
  let start = Date()
  body()
  print(label, String(format: "%.2f s", Date().timeIntervalSince(start)))
}

func scalarEscaped(_ s: String) -> String {
  var out = "\""
  for scalar in s.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case "<": out += "\\u003c"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F:
      let digits = Array("0123456789abcdef")
      out += "\\u00"
      out.append(digits[Int(scalar.value >> 4)])
      out.append(digits[Int(scalar.value & 15)])
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}

func byteEscaped(_ s: String) -> String {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(s.utf8.count + 2)
  bytes.append(0x22)
  let hex = Array("0123456789abcdef".utf8)
  let lessThan = Array("\\u003c".utf8)
  for byte in s.utf8 {
    switch byte {
    case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
    case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
    case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
    case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
    case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
    case 0x3C: bytes.append(contentsOf: lessThan)
    case 0..<0x20, 0x7F:
      bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
    default: bytes.append(byte)
    }
  }
  bytes.append(0x22)
  return String(decoding: bytes, as: UTF8.self)
}

// A page shaped like W1's player: 10 000 rects, then the keyframes as JSON.
var page = "<!doctype html><html><head><style>body{}</style></head><body>\n"
for i in 0..<10_000 {
  page += "<rect id=\"v\(i)\" style=\"translate:10px 20px;rotate:0deg;scale:1 1;width:10px;"
    + "x:-5px;height:10px;y:-5px;fill:rgb(51 102 204 / 1);fill-opacity:1;rx:0px;ry:0px;\"></rect>\n"
}
page += "<script id=\"anim-data\" type=\"application/json\">{\"views\":["
var i = 0
while page.utf8.count < 9_700_000 {
  page += "{\"name\":\"tiles[\(i % 10_000)]\",\"animations\":[{\"p\":\"fill-opacity\","
    + "\"k\":[[0,1],[0.5,0],[1,1]],\"iterations\":100}]},"
  i += 1
}
page += "{}]}</script>\n<script>\nrun();\n</script>\n</body></html>\n"
print("page:", page.utf8.count, "bytes")

var foundation = ""
time("Foundation JSONEncoder") {
  foundation = String(decoding: try! JSONEncoder().encode(Message(player: page)), as: UTF8.self)
}
time("  + contains(\"</\")") { _ = foundation.contains("</") }
time("  + replacingOccurrences(\"</\")") {
  foundation = foundation.replacingOccurrences(of: "</", with: "<\\/")
}
var scalar = ""
time("scalar-by-scalar escaper") { scalar = scalarEscaped(page) }
var bytewise = ""
time("byte-wise escaper (JSONText now)") { bytewise = byteEscaped(page) }
print("same text from both escapers:", scalar == bytewise)
time("range(of: \"</head>\", options: .backwards)") {
  _ = page.range(of: "</head>", options: .backwards)
}
time("range(of: \"</head>\")") { _ = page.range(of: "</head>") }
