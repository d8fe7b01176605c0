// A 32x32 tile written by rows, read by columns and as 4x8 micro-tiles.
extern "C" __global__ void microtile(float *out, const float *in)
{
#pragma rapcc block_dim(32, 8, 1)
    __shared__ float tile[32][32];
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int i = 0; i < 32; i += 8)
        tile[ty + i][tx] = in[(ty + i) * 32 + tx];
    __syncthreads();
    float acc = 0.0f;
    for (int i = 0; i < 32; i += 8)
        acc += tile[tx][ty + i];
    int lane = tx;
    for (int i = 0; i < 4; i++)
        acc += tile[ty * 4 + (lane >> 3)][i * 8 + (lane & 7)];
    for (int i = 0; i < 8; i++)
        acc += tile[(ty & 3) * 8 + (lane >> 2)][i * 4 + (lane & 3)];
    for (int i = 0; i < 4; i++)
        acc += tile[ty * 4 + (lane >> 3)][i * 8 + (lane & 7)] * 0.5f;
    out[ty * 32 + tx] = acc;
}
