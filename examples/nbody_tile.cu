// nbody_tile: all-pairs gravitational acceleration with 256 bodies per shared
// tile (GPU Gems 3 chapter 31, the CUDA samples' n-body). Each body's float4
// (x, y, z, mass) is copied by value into a function template, as the
// samples' `bodyBodyInteraction<T>(acc, bodyPos, sharedPos[j])` does.
//
// Shared-memory pattern (256x1 threads, float4 elements):
//   store: sh[tx] = pos[...]         -> 16 bytes per lane, adjacent: 4 wavefronts
//                                       per warp instruction, conflict-free
//   load:  interact<float4>(.., sh[j]) -> every lane copies the same element:
//                                       a broadcast; rapcc serves 16-byte accesses a
//                                       half-warp at a time: 2 wavefronts, ideal 2
// What rapcc should find: the copy into the by-value parameter is a load of
// the whole element (not a reference that escapes), so 'sh' is analysed and
// rewritable; it is conflict-free, and `auto` leaves it as written. Every
// other strategy's rewrite must stay bit-identical (the subscripts of the
// by-value copies are rewritten like any other).

#define TILE 256
#define SOFTENING 0.01f

template <typename T>
__device__ float3 interact(float3 acc, T bi, T bj)
{
    float dx = bj.x - bi.x;
    float dy = bj.y - bi.y;
    float dz = bj.z - bi.z;
    float d2 = dx * dx + dy * dy + dz * dz + SOFTENING;
    float inv = rsqrtf(d2);
    float s = bj.w * inv * inv * inv;
    acc.x += dx * s;
    acc.y += dy * s;
    acc.z += dz * s;
    return acc;
}

extern "C" __global__ void nbody_tile(float4 *accel, const float4 *pos, int n)
{
#pragma rapcc block_dim(256, 1, 1)
    __shared__ float4 sh[TILE];
    int gid = blockIdx.x * TILE + threadIdx.x;
    float4 me = pos[gid];
    float3 acc = make_float3(0.0f, 0.0f, 0.0f);
    for (int t = 0; t < n / TILE; t++) {
        sh[threadIdx.x] = pos[t * TILE + threadIdx.x];
        __syncthreads();
        for (int j = 0; j < TILE; j++)
            acc = interact<float4>(acc, me, sh[j]);
        __syncthreads();
    }
    accel[gid] = make_float4(acc.x, acc.y, acc.z, 0.0f);
}
