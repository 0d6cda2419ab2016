"""The voice of Die Kette von Saba (`VOICE`), found here by the game id (`shared.talk.voice`)."""

from shared.talk.kette_von_saba.voice import KetteVonSabaVoice

VOICE = KetteVonSabaVoice()
