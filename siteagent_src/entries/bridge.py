console.log('bridge')
