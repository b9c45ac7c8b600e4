"""Shanghai pack of the core (docs/spec/RULES-PACKS.md §1 上海麻将, 清混碰): the minimum-hand gate and its patterns,
gate-aware waits and shanten (shapes), 底分 + 花分, 勒子 caps, 开宝 / 荒番 and the payments with 承包
(score), and the small pure rules of play — dice, 荒番 counter, next dealer, 漏胡, 承包 relations (play).
The engine flow for this preset is not here yet."""
