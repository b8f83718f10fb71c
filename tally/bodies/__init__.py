"""The readers of post bodies (pure): what a post's HTML says, never what it counts for.

``body`` parses a post's HTML once into the tree every reader walks (:class:`body.Body`);
``htmlwalk`` walks it into the author's own styled pieces; ``votesyntax`` finds the vote and
unvote commands in them; ``extract`` reads a post's vote marks (:func:`extract.read_post`);
``mentions`` finds the players a text names. The rules (tally/rules/) read what these derive;
they never parse HTML themselves.
"""
