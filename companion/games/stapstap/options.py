"""The table options of すたっぷすたっぷ (base.Option specs)."""

from __future__ import annotations

from ..base import Option

OPTIONS: tuple[Option, ...] = (
    Option("mode", "choice", "dice", ("How the die is rolled", "ダイスの振り方"), choices=("dice", "box"),
           choice_labels={"dice": ("Real dice in the real box", "本物のダイスと箱"),
                          "box": ("This app is the box (each phone claims its seat)",
                                  "アプリが箱（各自の端末で席を選ぶ）")},
           help=("ST4: with real dice, the face is typed in when someone doubts. With the app as the box, the "
                 "parent's phone alone sees the roll and a doubt reveals it to everyone.",
                 "ST4：本物のダイスでは、ダウトされたときに出目を入力します。アプリを箱にすると、出目は親の端末だけに"
                 "表示され、ダウトで全員に公開されます。")),
)
