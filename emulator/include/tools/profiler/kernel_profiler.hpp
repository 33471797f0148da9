// Device profiler zones compile to nothing in the emulator.
#pragma once
#define DeviceZoneScopedN(name)
#define DeviceZoneScopedMainN(name)
#define DeviceZoneScopedMainChildN(name)
#define DeviceZoneScoped
#define DeviceTimestampedData(name, data)
#define DeviceRecordEvent(id)
