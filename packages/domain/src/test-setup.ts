import { i18n } from '@lingui/core';

// The domain's texts read in French, the source language, as a screen or a request does by default.
i18n.loadAndActivate({ locale: 'fr', messages: {} });
