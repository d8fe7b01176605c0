// Shared template of the soundness regressions: a [32][32] tile, a 32x8 block,
// and the case: code that walks `f` along the tile's first row.
extern "C" __global__ void k(float *out, const float *in, int n, int s)
{
    __shared__ float tile[32][32];
    unsigned tx = threadIdx.x, ty = threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        tile[ty + j][tx] = in[(ty + j) * 32 + tx];
    __syncthreads();
    float acc = 0.0f;
    int f = tx;
    /*CASE*/
    out[ty * 32 + tx] = acc + tile[tx][ty];
}
