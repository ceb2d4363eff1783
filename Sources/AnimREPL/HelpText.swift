import AnimEngine
import AnimLanguage

/// The text of `:help` and its topics.
enum HelpText {
  /// The topics `:help TOPIC` knows (a builtin's or easing's name works too).
  static let topics = [
    "statements", "motions", "easing", "pool", "clock", "builtins", "colours", "meta", "keys",
  ]

  /// `:help` alone.
  static let overview = """
    anim: animation series on a virtual clock. Type statements as in a script;
    a bare expression shows its value. Nothing moves until `step`.
      blink = fade(out, 1) + fade(in, 1); run blink * 100
      step 1.5
    Help topics (:help TOPIC): statements motions easing pool clock builtins colours meta keys
    :help NAME explains a builtin (:help fade). :quit or Ctrl-D leaves.
    """

  /// The text for `topic`, or nil when nothing is known by that name.
  static func text(for topic: String) -> String? {
    switch topic {
    case "statements": return statements
    case "motions": return motions
    case "easing", "easings": return easing
    case "pool", "runs": return pool
    case "clock", "time": return clock
    case "builtins", "functions": return builtins
    case "meta", "commands": return meta
    case "keys", "editing": return keys
    default:
      if let text = KeywordHelp.text(for: topic) { return text }
      if let builtin = Interpreter.builtinSummaries.first(where: { $0.name == topic }) {
        return builtin.summary
      }
      if Easing.named(topic) != nil { return "\(topic): an easing (see :help easing)" }
      return nil
    }
  }

  static let statements = """
    Statements (end at a newline or `;`; brackets and a trailing operator continue):
      view NAME(x: 10, y: 20, width: 50, alpha: 1, color: red)   declare a view
      grid NAME(cols: 5, rows: 5, size: 100, gap: 0)             a group of views
      group NAME = [a, b, c]                                     group views
      let x = e   /   x = e                                      bind a name
      def name(a, b) = e                                         define a function
      for i in 0..<n { ... }   for v in group { ... }
      if C { ... } else if C2 { ... } else { ... }               run one block
      import "other.anim"                                        run a file once
      print e, ...                                               write values
      trace v.alpha every 0.25 for 1                             step, printing rows
      expect COND [within tol]                                   check a condition
      true  false  a and b  a or b  not a  (short circuit; comparisons give booleans)
      seed n   reset   fps n
      run m [as h]   h = run m                                   start a run
      step d | step n frames | tick | step to t | step until h | settle
      clear|cancel|finish|pause|resume h (or all)   restart h   flush   pool
      seek h to t   h.speed = k (negative: backwards)   reverse h
      on h done|start|repeat|mark "name" { ... }                 handlers
    """

  static let motions = """
    Motions are values; nothing moves until `run`.
      fade(in | out | A, d)  appear(d)  disappear(d)  move(to: (x, y), d)  move(by: ...)
      rotate(to: deg, d)  scale(to: s, d)  resize(to: (w, h), d)  color(to: c, d)
      tween(alpha: 0.5, x: 10, d)  wait(d)  mark("name")  spring(x: 200, ...)
      fadeIn(d)  slide(up, slightly, d)  spin(moderately, d)  expand(...)  contract(...)
      path([(0, 0), (100, 0), (100, 100)], d, curve: linear | smooth, orient: true | A)
      draw(d)  undraw(d)  (the stroke's trimEnd)   morph(to: other, d)  (the outline)
    Options on every primitive: ease: E, delay: d, on: target.
    from: on every primitive that takes to: — move(from: (0, -40), 0.5) (to where it
      was), rotate(from: -90, to: 0, 1), fade(from: 0, 1), move(from: p, by: d, 1).
    Combining (loosest first: on < | < + < * < unary - < call):
      a + b   sequence          a | b   parallel          a * n   n plays (forever too)
      m on v  bind to a view    reverse(m)  yoyo(m)  speed(m, k)  delay(m, d)  ease(m, E)
      stagger(group, m, sort: linear(topToBottom), each: 0.05, ease: inQuad)
    Chains a + b + c + ... and a | b | ... may have any number of parts.
    """

  static var easing: String {
    let names = Easing.allNames
    var lines = ["Easings (ease: E), 31 named curves:"]
    var line = " "
    for name in names {
      if line.count + name.count + 1 > 78 {
        lines.append(line)
        line = " "
      }
      line += " " + name
    }
    lines.append(line)
    lines.append(
      "  also easeInOutQuad-style aliases, cubicBezier(x1, y1, x2, y2), steps(n), spring(...)")
    return lines.joined(separator: "\n")
  }

  static let pool = """
    Runs live in the pool while running or paused; each has an id (#1, #2, ...).
      run m as h      start a run; h.state h.time h.id h.iteration h.duration
      pause h  resume h  finish h  cancel h  clear h  restart h   (or `all`)
      seek h to t     set its local time (events jumped over are not delivered)
      h.speed = k     its rate from now on (h.speed reads it); reverse h = -h.speed
      Playing backwards fires repeat and mark events as they are crossed, and
      done (finished) at local time 0.
      clear keeps values, no done; cancel restores what the run animated, done fires;
      finish jumps to the end, done fires; flush = clear all.
      pool (statement) or :pool lists live runs; :timeline charts them over time.
    """

  static let clock = """
    The virtual clock moves only when told; the prompt shows it (anim 1.500s>).
      step d   step n frames   tick   step to t   step until h   settle   fps n
      trace e, ... every dt for d     steps while printing rows
    After an input that moves the clock the REPL reports the events that fired,
    with their times, and the properties that changed:
        0.000s  #1 start
        view.alpha 1 → 0.5
    """

  static var builtins: String {
    (["Builtin functions:"] + Interpreter.builtinSummaries.map { "  \($0.summary)" }).joined(
      separator: "\n")
  }

  static let meta = """
    Meta-commands:
      :help [topic]       this help; topics: statements motions easing pool clock builtins meta keys
      :quit               leave (also Ctrl-D on an empty line)
      :load FILE          run a script into the session
      :save FILE          write the session's successful input as a script
      :reset              start over: no bindings, no views but `view`, no runs, time 0
      :pool               the live runs, with their times
      :timeline [h | #N]  a chart of runs over time (the terminal's width)
      :show VIEW          every property of a view (or of each view of a group)
      :ast EXPR           the syntax tree of an expression
      :tokens TEXT        the tokens of some text
      :history [N]        the last N lines entered (all by default)
      :render FILE        write the current frame as .png or .svg
      :plot P[, …] for D  braille charts of view properties over the next D seconds
      :plot EASING        a braille chart of an easing over progress 0…1
      :preview [stop]     a live page of the session in the browser, paused at the clock
      :play [FILE.wav]    the mix of the sounds played over [0, clock], on the speakers or to a file
    """

  static let keys = """
    Keys: ←/→ move, ↑/↓ recall history, Tab completes (keywords, builtins, easings,
    colours, bound names, view.property, views and groups after `on`, handles after a
    handler's `on`, :commands, run ids after :timeline #, file names after
    :load/:save/:render, view.property after :plot),
    Ctrl-A/Ctrl-E line start/end, Ctrl-R search history, Ctrl-C drops the line,
    Ctrl-D on an empty line leaves. History: $ANIM_HISTORY or ~/.anim_history.
    """
}
