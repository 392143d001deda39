console.log('background')
