"""What nodes use: models, relation classifiers, organizers, citations, inputs."""
