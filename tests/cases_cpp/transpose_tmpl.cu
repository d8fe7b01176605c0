// A C++ kernel for the harness and the CuPy drop-in: a template in a
// namespace, reached through NVRTC name expressions instead of extern "C".
namespace tiles {

constexpr int TILE = 32;

// SCALE multiplies on the way (a template parameter that is not a size, so
// the tile has one layout for every instantiation).
template <int SCALE>
__global__ void transpose(float *out, const float *in, int n) {
#pragma rapcc block_dim(32, 8, 1)
    __shared__ float tile[TILE][TILE];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j] * SCALE;
}

template __global__ void transpose<2>(float *, const float *, int);

}  // namespace tiles
